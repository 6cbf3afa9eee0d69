// /legacy: what was released to the signed-in person by people who named them next of kin
// (read-only: the message and the assets), and the assets offered to them, which they may accept.
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import {
  useAcceptTransfer,
  useIncomingTransfers,
  useNamedMe,
  useReleasedToMe,
  useRequestEarlyAccess,
} from '../api/legacy';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { paths } from '@/config/paths';

/** People who named me next of kin and have not released yet: I may ask early; they may refuse. */
function NamedMe() {
  const named = useNamedMe();
  const ask = useRequestEarlyAccess();
  const waiting = (named.data ?? []).filter((n) => !n.released && n.switch_on);
  if (!waiting.length) return null;
  return (
    <section aria-labelledby="named-heading" className="space-y-3">
      <h2 id="named-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('People who named you next of kin')}
      </h2>
      <ul className="space-y-2">
        {waiting.map((n) => (
          <li key={n.owner_id}>
            <Card>
              <CardContent className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-slate-900">{n.owner_name}</span>
                {n.request_release_after ? (
                  <span className="text-sm text-slate-700">
                    {i18n._('You asked for access; unless they refuse, it opens on')}{' '}
                    {formatDate(n.request_release_after)}.
                  </span>
                ) : (
                  <Button
                    variant="outline"
                    loading={ask.isPending && ask.variables === n.owner_id}
                    onClick={() =>
                      ask.mutateAsync(n.owner_id).then(
                        () => toast.success(i18n._('Request sent. They have been told and may refuse it.')),
                        (err: unknown) =>
                          void toast.error(toAppError(err, i18n._('Could not send the request')).message),
                      )
                    }
                  >
                    {i18n._('Ask')} {n.owner_name} {i18n._('for access early')}
                  </Button>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function IncomingTransfers() {
  const incoming = useIncomingTransfers();
  const accept = useAcceptTransfer();
  if (incoming.isPending) return <Spinner showLabel label={i18n._('Loading transfers...')} />;
  if (incoming.isError) return <p role="alert">{toAppError(incoming.error).message}</p>;
  if (!incoming.data.length) return null;
  return (
    <section aria-labelledby="incoming-heading" className="space-y-3">
      <h2 id="incoming-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Assets offered to you')}
      </h2>
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
    </section>
  );
}

function Released() {
  const released = useReleasedToMe();
  if (released.isPending) return <Spinner showLabel label={i18n._('Loading...')} />;
  if (released.isError) return <p role="alert">{toAppError(released.error).message}</p>;
  if (!released.data.length) {
    return (
      <Card>
        <EmptyState
          title={i18n._('Nothing has been left to you')}
          description={i18n._(
            'When someone who named you as their next of kin has their legacy released, what they chose for you appears here.',
          )}
        />
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {released.data.map((r) => (
        <Card key={r.next_of_kin_id}>
          <CardContent className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">
              {i18n._('From')} {r.owner_name}
            </h2>
            <p className="text-sm text-slate-700">
              {i18n._('Released on')} {formatDate(r.released_at)} {i18n._('· access:')}{' '}
              {r.access_level === 'inherit' ? i18n._('you may take over ownership') : i18n._('view')}
            </p>
            {r.message ? (
              <blockquote className="whitespace-pre-line border-l-4 border-slate-300 pl-3 text-slate-800">
                {r.message}
              </blockquote>
            ) : null}
            <ul className="space-y-2">
              {r.assets.map((a) => (
                <li key={a.id} className="rounded-md border border-slate-200 p-3">
                  <p className="font-medium text-slate-900">{a.title}</p>
                  {a.description ? <p className="text-sm text-slate-700">{a.description}</p> : null}
                  {a.serial_number ? (
                    <p className="text-sm">
                      <Link className="underline" to={paths.verify(a.serial_number)}>
                        {i18n._('Check serial')} {a.serial_number}
                      </Link>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
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
      <Released />
      <NamedMe />
    </div>
  );
}
