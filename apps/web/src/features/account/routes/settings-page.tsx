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

function SettingsScreen({ userId }: { userId: string }) {
  const settings = useSettings(userId);
  const save = useUpdateSettings(userId);
  return (
    <div className="space-y-6">
      <SectionCard title="Preferences" description="Saved to your account and used on every device.">
        {settings.isPending ? (
          <Spinner showLabel label="Loading settings..." />
        ) : settings.isError ? (
          <div role="alert" className="space-y-2">
            <p className="text-red-700">Could not load your settings: {toAppError(settings.error).message}</p>
            <Button variant="outline" onClick={() => settings.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <PreferencesForm
            key={settings.data.updated_at}
            settings={settings.data}
            onSubmit={(values) =>
              save.mutateAsync(values).then(
                () => void toast.success('Preferences saved'),
                (err: unknown) => {
                  toast.error(toAppError(err, 'Failed to save preferences').message);
                  throw err;
                },
              )
            }
          />
        )}
      </SectionCard>

      <SectionCard title="Two-factor authentication">
        <TwoFactorCard userId={userId} />
      </SectionCard>

      <SectionCard title="Active sessions" description="Devices where you are signed in.">
        <SessionsCard userId={userId} timeZone={settings.data?.time_zone ?? null} />
      </SectionCard>

      <SectionCard title="Blocked senders" description="People who can no longer write to you through the “Contact the owner” form.">
        <BlockedSendersCard userId={userId} />
      </SectionCard>

      <SectionCard title="Your data" tone="danger">
        <DataCard />
      </SectionCard>
    </div>
  );
}

export default function SettingsPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title="Settings" description="Notifications, language, privacy, two-factor authentication, sessions, data export and account deletion." />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Settings</h1>
      {user ? <SettingsScreen userId={user.id} /> : <Spinner showLabel label="Loading..." />}
    </div>
  );
}
