// /settings: preferences, two-factor authentication, sessions, blocked senders, and the user's data.
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { useSettings, useUpdateSettings } from '../api/settings';
import { BlockedSendersCard } from '../components/blocked-senders-card';
import { DataCard } from '../components/data-card';
import { PreferencesForm } from '../components/preferences-form';
import { SectionCard } from '../components/section-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { activateLocale, i18n } from '@/lib/i18n/i18n';
import { isLocale } from '@/lib/i18n/locales';

function SettingsScreen({ userId }: { userId: string }) {
  const settings = useSettings(userId);
  const save = useUpdateSettings(userId);
  return (
    <div className="space-y-6">
      <SectionCard
        title={i18n._('Preferences')}
        description={i18n._('Saved to your account and used on every device.')}
      >
        {settings.isPending ? (
          <Spinner showLabel label={i18n._('Loading settings...')} />
        ) : settings.isError ? (
          <div role="alert" className="space-y-2">
            <p className="text-red-700">
              {i18n._('Could not load your settings:')} {toAppError(settings.error).message}
            </p>
            <Button variant="outline" onClick={() => settings.refetch()}>
              {i18n._('Retry')}
            </Button>
          </div>
        ) : (
          <PreferencesForm
            key={settings.data.updated_at}
            settings={settings.data}
            onSubmit={(values) =>
              save.mutateAsync(values).then(
                async () => {
                  // The saved language is the interface's language from now on, on every device.
                  if (isLocale(values.language)) await activateLocale(values.language);
                  toast.success(i18n._('Preferences saved'));
                },
                (err: unknown) => {
                  toast.error(toAppError(err, i18n._('Failed to save preferences')).message);
                  throw err;
                },
              )
            }
          />
        )}
      </SectionCard>

      <SectionCard title={i18n._('Two-factor authentication')}>
        <TwoFactorCard userId={userId} />
      </SectionCard>

      <SectionCard title={i18n._('Active sessions')} description={i18n._('Devices where you are signed in.')}>
        <SessionsCard userId={userId} timeZone={settings.data?.time_zone ?? null} />
      </SectionCard>

      <SectionCard
        title={i18n._('Blocked senders')}
        description={i18n._('People who can no longer write to you through the “Contact the owner” form.')}
      >
        <BlockedSendersCard userId={userId} />
      </SectionCard>

      <SectionCard title={i18n._('Your data')} tone="danger">
        <DataCard />
      </SectionCard>
    </div>
  );
}

export default function SettingsPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta
        title={i18n._('Settings')}
        description={i18n._(
          'Notifications, language, privacy, two-factor authentication, sessions, data export and account deletion.',
        )}
      />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{i18n._('Settings')}</h1>
      {user ? <SettingsScreen userId={user.id} /> : <Spinner showLabel label={i18n._('Loading...')} />}
    </div>
  );
}
