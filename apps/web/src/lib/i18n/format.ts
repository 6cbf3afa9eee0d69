// Dates, numbers, money and relative times for the current language, all through Intl, so French
// readers see "22 nov. 2026", "1 234,5" and "1 000 FCFA" while English keeps the SPEC's forms
// ("Nov 22, 2026", "1,234.5", "£12.00").
import { i18n } from './i18n';
import type { Locale } from './locales';

/** The Intl locale behind each interface language. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };

export function intlLocale(locale: string = i18n.locale): string {
  return INTL_LOCALE[locale as Locale] ?? INTL_LOCALE.en;
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** "Nov 22, 2026" / "22 nov. 2026"; without the year "Nov 22" / "22 nov." (chart axes). */
export function formatDate(
  value: string | number | Date,
  opts: { month?: 'short' | 'long'; year?: boolean } = {},
): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    ...(opts.year === false ? {} : { year: 'numeric' }),
    month: opts.month ?? 'short',
    day: 'numeric',
  }).format(toDate(value));
}

/** "2:05 PM" / "14:05" */
export function formatTime(value: string | number | Date): string {
  return new Intl.DateTimeFormat(intlLocale(), { hour: 'numeric', minute: '2-digit' }).format(toDate(value));
}

/** "Nov 22, 2026 • 2:05 PM" / "22 nov. 2026 • 14:05" */
export function formatDateTime(value: string | number | Date): string {
  return `${formatDate(value)} • ${formatTime(value)}`;
}

export function formatNumber(value: number, opts: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(intlLocale(), opts).format(value);
}

/** An amount in a currency's major unit: £12.00, 12,00 €, 1 000 FCFA (XAF has no minor unit). */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago" / "il y a 3 jours", "in 2 hours" / "dans 2 heures". */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}
