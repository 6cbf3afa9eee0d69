// /nok/accept?token=…: the invited person, signed in with the invited address, accepts or declines
// being someone's next of kin.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toAppError } from '@/lib/api-error';
import { useAnswerInvite } from '../api/legacy';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const answer = useAnswerInvite();
  const [done, setDone] = useState<'accepted' | 'declined' | null>(null);
  const respond = (accept: boolean) =>
    answer.mutateAsync({ token, accept }).then(
      () => setDone(accept ? 'accepted' : 'declined'),
      () => undefined,
    );
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
          ) : done ? (
            <p role="status">
              {done === 'accepted'
                ? i18n._(
                    'Thank you: you are now their verified next of kin. If their legacy is released, you will get an e-mail.',
                  )
                : i18n._('You declined the invitation.')}{' '}
              <Link className="underline" to={paths.legacy}>
                {i18n._('Open your Legacy page')}
              </Link>
            </p>
          ) : (
            <>
              <p className="text-slate-800">
                {i18n._(
                  'Someone named you as their next of kin. If you accept, you may receive access to assets they chose for you when they can no longer manage them.',
                )}
              </p>
              {answer.isError ? (
                <p role="alert" className="text-red-700">
                  {toAppError(answer.error).message}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button loading={answer.isPending} onClick={() => void respond(true)}>
                  {i18n._('Accept')}
                </Button>
                <Button variant="outline" disabled={answer.isPending} onClick={() => void respond(false)}>
                  {i18n._('Decline')}
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
