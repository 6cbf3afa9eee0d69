// Notifications, language, time zone and privacy choices, saved to public.user_settings.
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import type { SettingsPatch, UserSettings } from '../api/settings';
import { ToggleField } from './toggle-field';

export type PreferencesValues = Required<SettingsPatch>;

/** The interface is written in English only; offering other languages would be a fake choice. */
export const LANGUAGES = [{ value: 'en', label: 'English' }];

export function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

export interface PreferencesFormProps {
  settings: UserSettings;
  onSubmit(values: PreferencesValues): Promise<void>;
}

export function PreferencesForm({ settings, onSubmit }: PreferencesFormProps) {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const defaults: PreferencesValues = {
    email_notifications: settings.email_notifications,
    news_notifications: settings.news_notifications,
    security_alerts: settings.security_alerts,
    language: settings.language,
    time_zone: settings.time_zone ?? '',
    cookie_consent: settings.cookie_consent,
    analytics_consent: settings.analytics_consent,
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty },
  } = useForm<PreferencesValues>({ defaultValues: defaults });

  return (
    <form
      aria-label="Preferences"
      className="space-y-6"
      onSubmit={handleSubmit(async (values) => {
        const clean = { ...values, time_zone: values.time_zone ? values.time_zone : null };
        try {
          await onSubmit(clean);
          reset(values);
        } catch {
          // The caller reported the failure; keep the choices on screen.
        }
      })}
    >
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">E-mail notifications</legend>
        <div className="divide-y divide-slate-100">
          <ToggleField
            label="Account activity"
            description="E-mails about activity on your account, such as messages people send about your assets."
            {...register('email_notifications')}
          />
          <ToggleField label="News and announcements" description="Occasional e-mails about new features and changes to our terms." {...register('news_notifications')} />
          <ToggleField
            label="Security alerts"
            description="E-mails about security-relevant changes to your account. We recommend keeping these on."
            {...register('security_alerts')}
          />
        </div>
        <p className="mt-1 text-xs text-slate-600">Confirmation, password-reset and e-mail-change messages are always sent, because you asked for them.</p>
      </fieldset>

      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Language and region</legend>
        <FormField label="Language" hint="The app is available in English for now.">
          <Select options={LANGUAGES} {...register('language')} />
        </FormField>
        <FormField label="Time zone" hint={`Used for the sign-in times below. Default: this browser's zone (${browserZone}).`}>
          <Select placeholder={`Browser default (${browserZone})`} options={timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))} {...register('time_zone')} />
        </FormField>
      </fieldset>

      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Privacy</legend>
        <div className="divide-y divide-slate-100">
          <ToggleField
            label="Optional cookies"
            description="We set none today — only the sign-in data the app needs. Your choice is stored and applies if optional cookies are ever introduced."
            {...register('cookie_consent')}
          />
          <ToggleField
            label="Anonymous usage statistics"
            description="We collect none today and load no analytics scripts. Your choice is stored and applies if first-party statistics are ever added."
            {...register('analytics_consent')}
          />
        </div>
      </fieldset>

      <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
        {isSubmitting ? 'Saving...' : 'Save preferences'}
      </Button>
    </form>
  );
}
