// /transfers/:id: the link in a transfer offer's mail. Anyone holding it sees what is offered and by
// whom (public.asset_transfer_offer); signed out, they are sent to sign in or sign up and come back
// here; signed in with the offered address, they accept and the asset is theirs; signed in as someone
// else, they are told which (masked) address it is for. An accepted or cancelled offer says so.
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { SignInToAnswer, SwitchAccount } from '@/components/mail-link-account';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { appConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { paths } from '@/config/paths';
import { useAcceptOffer, useTransferOffer, type TransferOffer } from '../api/transfer-ownership';

function senderLabel(offer: TransferOffer): string {
  if (offer.sender_name && offer.sender_email) return `${offer.sender_name} (${offer.sender_email})`;
  return offer.sender_name || offer.sender_email || i18n._('Someone');
}

function OfferView({ offer }: { offer: TransferOffer }) {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const accept = useAcceptOffer(offer.id, user?.id ?? null);
  const here = `${location.pathname}${location.search}`;
  const sender = senderLabel(offer);
  const decidedOn = offer.decided_at ? formatDate(offer.decided_at) : '';

  let body;
  if (offer.state === 'accepted') {
    body = offer.for_me ? (
      <p role="status" className="text-slate-800">
        {i18n._('You accepted this transfer on {date}: the asset is yours.', { date: decidedOn })}{' '}
        <Link className="underline" to={paths.asset(offer.asset_id)}>
          {i18n._('Open the asset')}
        </Link>
      </p>
    ) : (
      <p role="status" className="text-slate-800">
        {i18n._('This transfer was accepted on {date}.', { date: decidedOn })}
      </p>
    );
  } else if (offer.state === 'cancelled') {
    body = (
      <p role="status" className="text-slate-800">
        {i18n._('This offer was withdrawn or replaced on {date}: there is nothing to accept.', { date: decidedOn })}
      </p>
    );
  } else if (!user) {
    body = (
      <SignInToAnswer
        here={here}
        message={i18n._(
          'This offer was sent to {address}. Sign in, or create an account, with that address to accept it: you will come back to this page.',
          { address: offer.to_email },
        )}
        signInLabel={i18n._('Sign in to accept')}
      />
    );
  } else if (!offer.for_me) {
    body = (
      <SwitchAccount
        here={here}
        notForYou={i18n._('This offer is for {address}, but you are signed in as {email}.', {
          address: offer.to_email,
          email: user.email ?? '',
        })}
        advice={i18n._('Sign out, then sign in or create an account with {address} to accept it.', {
          address: offer.to_email,
        })}
      />
    );
  } else {
    body = (
      <>
        <p className="text-slate-800">
          {i18n._('The asset moves to you with its files and history when you accept. Until then it stays theirs.')}
        </p>
        {accept.isError ? (
          <p role="alert" className="text-red-700">
            {toAppError(accept.error, i18n._('Could not accept the transfer')).message}
          </p>
        ) : null}
        <div>
          <Button
            loading={accept.isPending}
            onClick={() =>
              accept.mutateAsync().then(
                (assetId) => {
                  toast.success(i18n._('{title} is now yours', { title: offer.title }));
                  navigate(paths.asset(assetId));
                },
                () => undefined,
              )
            }
          >
            {i18n._('Accept ownership of {title}', { title: offer.title })}
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <p className="font-medium text-slate-900">
        {offer.via_legacy
          ? i18n._('{sender} left you «{title}».', { sender, title: offer.title })
          : i18n._('{sender} offers you the ownership of «{title}».', { sender, title: offer.title })}
      </p>
      <p className="text-sm text-slate-700">{i18n._('Offered on {date}', { date: formatDate(offer.offered_at) })}</p>
      {body}
    </>
  );
}

export default function TransferOfferPage() {
  const { id = '' } = useParams();
  const { user, initialized } = useAuth();
  const wellFormed = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const offer = useTransferOffer(id, user?.id ?? null, initialized && wellFormed);
  const notFound = !wellFormed || (offer.isError && toAppError(offer.error).code === 'transfer_not_found');
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <PageMeta
        title={i18n._('Ownership transfer')}
        description={i18n._('An asset offered to you on {appName}: see it and accept it.', {
          appName: appConfig.appName,
        })}
      />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{i18n._('Ownership transfer')}</h1>
      <Card>
        <CardContent className="space-y-4">
          {notFound ? (
            <p role="alert">{i18n._('This transfer offer does not exist. Open the link from the e-mail again.')}</p>
          ) : offer.isError ? (
            <div role="alert" className="space-y-2">
              <p className="text-red-700">{toAppError(offer.error).message}</p>
              <Button variant="outline" onClick={() => void offer.refetch()}>
                {i18n._('Retry')}
              </Button>
            </div>
          ) : !offer.data ? (
            <Spinner showLabel label={i18n._('Loading the offer…')} />
          ) : (
            <OfferView offer={offer.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
