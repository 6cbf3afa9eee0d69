// /nok/accept?token=…: the link in an invitation mail. Anyone holding it sees who invited them and
// the invitation's state (public.legacy_invitation); signed out, they are sent to sign in or sign up
// and come back here (?next=, kept through the e-mail confirmation); signed in with the invited
// address, they accept or decline; signed in as someone else, they are told which (masked) address
// it is for and how to switch account. An answered or expired invitation shows what became of it.
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { SignInToAnswer, SwitchAccount } from '@/components/mail-link-account';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { paths } from '@/config/paths';
import { useAnswerInvitation, useInvitation, type Invitation } from '../api/invitation';

/** "Olivia Martin (olivia@example.com)", or the address alone when they gave no name. */
function inviterLabel(inv: Pick<Invitation, 'inviter_name' | 'inviter_email'>): string {
  if (inv.inviter_name && inv.inviter_email) return `${inv.inviter_name} (${inv.inviter_email})`;
  return inv.inviter_name || inv.inviter_email || i18n._('Someone');
}

function Answer({ token, userId, invitation }: { token: string; userId: string; invitation: Invitation }) {
  const answer = useAnswerInvitation(token, userId);
  return (
    <>
      <p className="text-slate-800">
        {i18n._(
          'If you accept, you may receive access to assets they chose for you when they can no longer manage them.',
        )}
      </p>
      {invitation.expires_at ? (
        <p className="text-sm text-slate-700">
          {i18n._('Answer by {date}.', { date: formatDate(invitation.expires_at) })}
        </p>
      ) : null}
      {answer.isError ? (
        <p role="alert" className="text-red-700">
          {toAppError(answer.error).message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button loading={answer.isPending && answer.variables === true} onClick={() => answer.mutate(true)}>
          {i18n._('Accept')}
        </Button>
        <Button
          variant="outline"
          disabled={answer.isPending}
          loading={answer.isPending && answer.variables === false}
          onClick={() => answer.mutate(false)}
        >
          {i18n._('Decline')}
        </Button>
      </div>
    </>
  );
}

function InvitationView({ token, invitation }: { token: string; invitation: Invitation }) {
  const { user } = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const inviter = inviterLabel(invitation);
  const address = invitation.invited_email;
  const answeredOn = invitation.responded_at ? formatDate(invitation.responded_at) : '';

  let body;
  if (invitation.state === 'accepted') {
    body = invitation.for_me ? (
      <p role="status" className="text-slate-800">
        {i18n._(
          'You accepted this invitation on {date}: you are their verified next of kin. If their legacy is released, you will get an e-mail.',
          { date: answeredOn },
        )}{' '}
        <Link className="underline" to={paths.legacy}>
          {i18n._('Open your Legacy page')}
        </Link>
      </p>
    ) : (
      <p role="status" className="text-slate-800">
        {i18n._('This invitation was accepted on {date}.', { date: answeredOn })}
      </p>
    );
  } else if (invitation.state === 'declined') {
    body = (
      <p role="status" className="text-slate-800">
        {i18n._('This invitation was declined on {date}. If that was a mistake, ask {inviter} to invite you again.', {
          date: answeredOn,
          inviter,
        })}
      </p>
    );
  } else if (invitation.state === 'expired') {
    body = (
      <p role="status" className="text-slate-800">
        {i18n._('This invitation expired on {date}. Ask {inviter} to send you a new one.', {
          date: invitation.expires_at ? formatDate(invitation.expires_at) : '',
          inviter,
        })}
      </p>
    );
  } else if (!user) {
    body = (
      <>
        <p className="text-slate-800">
          {i18n._(
            'If you accept, you may receive access to assets they chose for you when they can no longer manage them.',
          )}
        </p>
        <SignInToAnswer
          here={here}
          message={i18n._(
            'This invitation was sent to {address}. Sign in, or create an account, with that address to answer it: you will come back to this page.',
            { address },
          )}
          signInLabel={i18n._('Sign in to answer')}
        />
      </>
    );
  } else if (!invitation.for_me) {
    body = (
      <SwitchAccount
        here={here}
        notForYou={i18n._('This invitation is for {address}, but you are signed in as {email}.', {
          address,
          email: user.email ?? '',
        })}
        advice={i18n._('Sign out, then sign in or create an account with {address} to answer it.', { address })}
      />
    );
  } else {
    body = <Answer token={token} userId={user.id} invitation={invitation} />;
  }

  return (
    <>
      <p className="font-medium text-slate-900">{i18n._('{inviter} named you as their next of kin.', { inviter })}</p>
      {body}
    </>
  );
}

export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, initialized } = useAuth();
  const invitation = useInvitation(token, user?.id ?? null, initialized);
  const notFound = invitation.isError && toAppError(invitation.error).code === 'invitation_not_found';
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <PageMeta
        title={i18n._('Next of kin invitation')}
        description={i18n._("Accept or decline being someone's next of kin.")}
      />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{i18n._('Next of kin invitation')}</h1>
      <Card>
        <CardContent className="space-y-4">
          {!token ? (
            <p role="alert">{i18n._('This link has no invitation in it. Open the link from the e-mail again.')}</p>
          ) : notFound ? (
            <p role="alert">
              {i18n._(
                'This invitation is not valid any more: a newer one may have replaced it, or it was withdrawn. Open the latest e-mail, or ask the person who invited you.',
              )}
            </p>
          ) : invitation.isError ? (
            <div role="alert" className="space-y-2">
              <p className="text-red-700">{toAppError(invitation.error).message}</p>
              <Button variant="outline" onClick={() => void invitation.refetch()}>
                {i18n._('Retry')}
              </Button>
            </div>
          ) : !invitation.data ? (
            <Spinner showLabel label={i18n._('Loading the invitation…')} />
          ) : (
            <InvitationView token={token} invitation={invitation.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
