// /mail-preferences?token=…: the link at the end of every invitation and transfer offer. No sign-in
// (the token the server signed into the link proves the mail reached this person): it names who
// sent the mail and lets the recipient stop such mails from that sender, or from everyone, and allow
// them again. The database then refuses the invitations and offers instead of mailing them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { MailPreferences } from '@tagledger/functions-api';
import { PageMeta } from '@/components/page-meta';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { appConfig } from '@/lib/app-config';
import { callFunction } from '@/lib/call-function';
import { i18n } from '@/lib/i18n/i18n';

type Scope = 'sender' | 'everyone';

function usePreferences(token: string) {
  return useQuery({
    queryKey: ['mail-preferences', token],
    enabled: token.length > 0,
    retry: false,
    queryFn: () => callFunction('mail-preferences', { action: 'describe', token }),
  });
}

function useSetPreference(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { scope: Scope; stopped: boolean }) =>
      callFunction('mail-preferences', { action: 'set', token, ...v }),
    onSuccess: (data) => qc.setQueryData(['mail-preferences', token], data),
  });
}

function Preferences({ token, prefs }: { token: string; prefs: MailPreferences }) {
  const set = useSetPreference(token);
  const sender = prefs.sender
    ? prefs.sender.name
      ? `${prefs.sender.name} (${prefs.sender.email})`
      : prefs.sender.email
    : i18n._('a person whose account no longer exists');
  const rows: { scope: Scope; label: string; stopped: boolean }[] = [
    ...(prefs.sender
      ? [
          {
            scope: 'sender' as const,
            label: i18n._('Invitations and transfer offers from {sender}', { sender }),
            stopped: prefs.stopped.sender,
          },
        ]
      : []),
    {
      scope: 'everyone',
      label: i18n._('Invitations and transfer offers from anyone on {appName}', { appName: appConfig.appName }),
      stopped: prefs.stopped.everyone,
    },
  ];
  return (
    <>
      <p className="text-slate-800">
        {i18n._(
          'You received a next-of-kin invitation or a transfer offer from {sender}. Choose which of these e-mails you no longer want: the people who send them will be told that your address does not accept them.',
          { sender },
        )}
      </p>
      {set.isError ? (
        <p role="alert" className="text-red-700">
          {toAppError(set.error).message}
        </p>
      ) : null}
      <ul className="space-y-3">
        {rows.map((r) => (
          <li
            key={r.scope}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
          >
            <span className="min-w-0 break-words text-sm text-slate-900">
              {r.label}{' '}
              <Badge tone={r.stopped ? 'neutral' : 'success'}>
                {r.stopped ? i18n._('Stopped') : i18n._('Allowed')}
              </Badge>
            </span>
            <Button
              size="sm"
              variant={r.stopped ? 'outline' : 'primary'}
              loading={set.isPending && set.variables?.scope === r.scope}
              onClick={() => set.mutate({ scope: r.scope, stopped: !r.stopped })}
            >
              {r.stopped ? i18n._('Allow again') : i18n._('Stop these e-mails')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function MailPreferencesPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const prefs = usePreferences(token);
  const invalid = !token || (prefs.isError && toAppError(prefs.error).code === 'invalid_token');
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <PageMeta
        title={i18n._('E-mail preferences')}
        description={i18n._('Stop next-of-kin invitations and transfer offers sent to your address.')}
      />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{i18n._('E-mail preferences')}</h1>
      <Card>
        <CardContent className="space-y-4">
          {invalid ? (
            <p role="alert">{i18n._('This link is not valid. Open the whole link from the e-mail.')}</p>
          ) : prefs.isError ? (
            <div role="alert" className="space-y-2">
              <p className="text-red-700">{toAppError(prefs.error).message}</p>
              <Button variant="outline" onClick={() => void prefs.refetch()}>
                {i18n._('Retry')}
              </Button>
            </div>
          ) : !prefs.data ? (
            <Spinner showLabel label={i18n._('Loading your preferences…')} />
          ) : (
            <Preferences token={token} prefs={prefs.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
