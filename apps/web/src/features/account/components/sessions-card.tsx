// Active sign-in sessions with device, IP address and last activity; sign out all the others.
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useMySessions, useSignOutOthers, type SessionRow } from '../api/sessions';
import { i18n } from '@/lib/i18n/i18n';
import { intlLocale } from '@/lib/i18n/format';

/** "Firefox on Linux" from a user agent; good enough to recognise one's own devices. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return i18n._('Unknown device');
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /node|undici|supabase/i.test(ua)
              ? 'API client'
              : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
}

export function formatWhen(iso: string | null, timeZone: string | null): string {
  if (!iso) return '—';
  const opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(intlLocale(), timeZone ? { ...opts, timeZone } : opts).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(intlLocale(), opts).format(new Date(iso));
  }
}

export function SessionList({ sessions, timeZone }: { sessions: SessionRow[]; timeZone: string | null }) {
  return (
    <ul className="divide-y divide-slate-100">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div>
            <p className="font-medium text-slate-900">
              {describeUserAgent(s.user_agent)}{' '}
              {s.is_current ? <Badge tone="success">{i18n._('This device')}</Badge> : null}
            </p>
            <p className="text-sm text-slate-600">
              {i18n._('IP')} {s.ip ?? i18n._('unknown')} {i18n._('· signed in')} {formatWhen(s.created_at, timeZone)}{' '}
              {i18n._('· last active')} {formatWhen(s.refreshed_at ?? s.updated_at ?? s.created_at, timeZone)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SessionsCard({ userId, timeZone }: { userId: string; timeZone: string | null }) {
  const sessions = useMySessions(userId);
  const signOutOthers = useSignOutOthers(userId);
  if (sessions.isPending) return <Spinner showLabel label={i18n._('Loading sessions...')} />;
  if (sessions.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">
          {i18n._('Could not load your sessions:')} {toAppError(sessions.error).message}
        </p>
        <Button variant="outline" onClick={() => sessions.refetch()}>
          {i18n._('Retry')}
        </Button>
      </div>
    );
  }
  const others = sessions.data.filter((s) => !s.is_current).length;
  return (
    <div className="space-y-3">
      <SessionList sessions={sessions.data} timeZone={timeZone} />
      <Button
        variant="outline"
        disabled={others === 0}
        loading={signOutOthers.isPending}
        onClick={() =>
          signOutOthers.mutateAsync().then(
            () => void toast.success(i18n._('Signed out of all other sessions')),
            (err: unknown) =>
              void toast.error(toAppError(err, i18n._('Failed to sign out the other sessions')).message),
          )
        }
      >
        {others === 0
          ? i18n._('No other sessions')
          : i18n._('{others, plural, one {Sign out # other session} other {Sign out # other sessions}}', { others })}
      </Button>
    </div>
  );
}
