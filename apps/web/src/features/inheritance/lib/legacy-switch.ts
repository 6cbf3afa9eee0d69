// Rules of the switch form; they mirror public.legacy_set_switch's checks.
import type { SwitchInput } from '../api/legacy';
import { i18n } from '@/lib/i18n/i18n';

/** Built at render time, not when the module loads: a screen's module may load before the language is active. */
export const periodOptions = () =>
  [3, 6, 9, 12, 18, 24, 36, 48, 60].map((m) => ({
    value: String(m),
    label:
      m < 12 || m % 12 !== 0
        ? i18n._('{m} months', { m })
        : m === 12
          ? i18n._('1 year')
          : i18n._('{value} years', { value: m / 12 }),
  }));

export type SwitchErrors = Partial<Record<'period' | 'grace' | 'waiting' | 'pausedUntil', string>>;

export function validateSwitch(
  raw: { enabled: boolean; period: string; grace: string; waiting: string; pausedUntil: string },
  now: Date,
): { value?: SwitchInput; errors: SwitchErrors } {
  const errors: SwitchErrors = {};
  const period = Number(raw.period);
  const grace = Number(raw.grace);
  const waiting = Number(raw.waiting);
  if (!Number.isInteger(period) || period < 3 || period > 60)
    errors.period = i18n._('Choose a period between 3 months and 5 years');
  if (!Number.isInteger(grace) || grace < 1 || grace > 90)
    errors.grace = i18n._('Enter a whole number of days from 1 to 90');
  if (!Number.isInteger(waiting) || waiting < 1 || waiting > 30)
    errors.waiting = i18n._('Enter a whole number of days from 1 to 30');
  let pausedUntil: string | null = null;
  if (raw.pausedUntil) {
    const end = new Date(`${raw.pausedUntil}T23:59:59Z`);
    const yearAhead = new Date(now.getTime() + 365 * 86_400_000);
    if (Number.isNaN(end.getTime()) || end <= now || end > yearAhead) {
      errors.pausedUntil = i18n._('A pause must end in the future, within a year');
    } else pausedUntil = end.toISOString();
  }
  if (Object.keys(errors).length) return { errors };
  return {
    value: {
      enabled: raw.enabled,
      period_months: period,
      grace_days: grace,
      waiting_days: waiting,
      paused_until: pausedUntil,
    },
    errors,
  };
}
