// Notifications, language, time zone and privacy choices, saved to public.user_settings.
import { useForm } from 'react-hook-form';
import { LOCALE_NAMES, LOCALES } from '@/lib/i18n/locales';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import type { SettingsPatch, UserSettings } from '../api/settings';
import { ToggleField } from './toggle-field';
import { i18n } from '@/lib/i18n/i18n';

export type PreferencesValues = Required<SettingsPatch>;

/** The interface languages, each named in itself. */
export const LANGUAGES = LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }));

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
      aria-label={i18n._('Preferences')}
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
        <legend className="text-base font-semibold text-slate-900">{i18n._('E-mail notifications')}</legend>
        <div className="divide-y divide-slate-100">
          <ToggleField
            label={i18n._('Account activity')}
            description={i18n._(
              'E-mails about activity on your account, such as messages people send about your assets.',
            )}
            {...register('email_notifications')}
          />
          <ToggleField
            label={i18n._('News and announcements')}
            description={i18n._('Occasional e-mails about new features and changes to our terms.')}
            {...register('news_notifications')}
          />
          <ToggleField
            label={i18n._('Security alerts')}
            description={i18n._(
              'E-mails about security-relevant changes to your account. We recommend keeping these on.',
            )}
            {...register('security_alerts')}
          />
        </div>
        <p className="mt-1 text-xs text-slate-600">
          {i18n._(
            'Confirmation, password-reset and e-mail-change messages are always sent, because you asked for them.',
          )}
        </p>
      </fieldset>

      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{i18n._('Language and region')}</legend>
        <FormField
          label={i18n._('Language')}
          hint={i18n._('Used for the app, and for the e-mails and certificates we send you.')}
        >
          <Select options={LANGUAGES} {...register('language')} />
        </FormField>
        <FormField
          label={i18n._('Time zone')}
          hint={i18n._("Used for the sign-in times below. Default: this browser's zone ({browserZone}).", {
            browserZone,
          })}
        >
          <Select
            placeholder={i18n._('Browser default ({browserZone})', { browserZone })}
            options={timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
            {...register('time_zone')}
          />
        </FormField>
      </fieldset>

      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{i18n._('Privacy')}</legend>
        <div className="divide-y divide-slate-100">
          <ToggleField
            label={i18n._('Optional cookies')}
            description={i18n._(
              'We set none today — only the sign-in data the app needs. Your choice is stored and applies if optional cookies are ever introduced.',
            )}
            {...register('cookie_consent')}
          />
          <ToggleField
            label={i18n._('Anonymous usage statistics')}
            description={i18n._(
              'We collect none today and load no analytics scripts. Your choice is stored and applies if first-party statistics are ever added.',
            )}
            {...register('analytics_consent')}
          />
        </div>
      </fieldset>

      <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
        {isSubmitting ? i18n._('Saving...') : i18n._('Save preferences')}
      </Button>
    </form>
  );
}
