// /legacy: what was released to the signed-in person by people who named them next of kin (the
// message, and each asset with its files, certificate, history and proof: released-legacies.tsx),
// and the assets offered to them, which they may accept.
import { toast } from 'sonner';
import { TitledSection } from '@/components/ui/titled-section';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useAcceptTransfer, useIncomingTransfers, useNamedMe } from '../api/legacy';
import { latestByOwner, useMyEarlyRequests } from '../api/my-requests';
import { EarlyAccess } from '../components/early-access';
import { useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { ReleasedLegacies } from '../components/released-legacies';

/** People who named me next of kin and have not released yet: I may ask early; they may refuse. */
function NamedMe() {
  const { user } = useAuth();
  const named = useNamedMe();
  const mine = useMyEarlyRequests(user?.id ?? '');
  const waiting = (named.data ?? []).filter((n) => !n.released);
  if (!waiting.length || !user) return null;
  const latest = latestByOwner(mine.data ?? []);
  return (
    <TitledSection id="named-heading" className="space-y-3" title={i18n._('People who named you next of kin')}>
      <ul className="space-y-2">
        {waiting.map((n) => (
          <li key={n.owner_id}>
            <Card>
              <CardContent className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-slate-900">{n.owner_name}</span>
                <EarlyAccess person={n} latest={latest.get(n.owner_id)} userId={user.id} />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

function IncomingTransfers() {
  const incoming = useIncomingTransfers();
  const accept = useAcceptTransfer();
  if (incoming.isPending) return <Spinner showLabel label={i18n._('Loading transfers...')} />;
  if (incoming.isError) return <p role="alert">{toAppError(incoming.error).message}</p>;
  if (!incoming.data.length) return null;
  return (
    <TitledSection id="incoming-heading" className="space-y-3" title={i18n._('Assets offered to you')}>
      <ul className="space-y-2">
        {incoming.data.map((t) => (
          <li key={t.id}>
            <Card>
              <CardContent className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium text-slate-900">{t.title}</span>
                  <span className="block text-sm text-slate-700">
                    {t.via_legacy ? i18n._('Left to you') : i18n._('Offered to you')} {i18n._('on')}{' '}
                    {formatDate(t.offered_at)}
                  </span>
                </span>
                <Button
                  loading={accept.isPending && accept.variables === t.id}
                  onClick={() =>
                    accept.mutateAsync(t.id).then(
                      () => toast.success(i18n._('{title} is now yours', { title: t.title })),
                      (err: unknown) =>
                        void toast.error(toAppError(err, i18n._('Could not accept the transfer')).message),
                    )
                  }
                >
                  {i18n._('Accept ownership of')} {t.title}
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

export default function LegacyPage() {
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <PageMeta
        title={i18n._('Legacy')}
        description={i18n._('What people who named you as next of kin have left to you.')}
      />
      <h1 className="text-2xl font-bold text-slate-900">{i18n._('Legacy')}</h1>
      <IncomingTransfers />
      <ReleasedLegacies />
      <NamedMe />
    </div>
  );
}
