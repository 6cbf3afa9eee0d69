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

/**
 * One formatter per kind, language and options. Building an Intl formatter costs ~0.1 ms here and
 * several times that on a phone, and a list formats every one of its rows; using one is ~1 µs.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cachedFormatter<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

/** Intl.NumberFormat for the reader's language (or `locale`), built once per options. */
export function numberFormat(options: Intl.NumberFormatOptions = {}, locale: string = intlLocale()): Intl.NumberFormat {
  return cachedFormatter('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

/** Intl.DateTimeFormat for the reader's language, built once per options. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale();
  return cachedFormatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** "Nov 22, 2026" / "22 nov. 2026"; without the year "Nov 22" / "22 nov." (chart axes). */
export function formatDate(
  value: string | number | Date,
  opts: { month?: 'short' | 'long'; year?: boolean } = {},
): string {
  return dateTimeFormat({
    ...(opts.year === false ? {} : { year: 'numeric' }),
    month: opts.month ?? 'short',
    day: 'numeric',
  }).format(toDate(value));
}

/** "2:05 PM" / "14:05" */
export function formatTime(value: string | number | Date): string {
  return dateTimeFormat({ hour: 'numeric', minute: '2-digit' }).format(toDate(value));
}

/** "Nov 22, 2026 • 2:05 PM" / "22 nov. 2026 • 14:05" */
export function formatDateTime(value: string | number | Date): string {
  return `${formatDate(value)} • ${formatTime(value)}`;
}

export function formatNumber(value: number, opts: Intl.NumberFormatOptions = {}): string {
  return numberFormat(opts).format(value);
}

/** An amount in a currency's major unit: £12.00, 12,00 €, 1 000 FCFA (XAF has no minor unit). */
export function formatMoney(amount: number, currency: string): string {
  return numberFormat({ style: 'currency', currency: currency.toUpperCase() }).format(amount);
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
  const locale = intlLocale();
  const options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' };
  const relative = cachedFormatter('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
  return relative.format(Math.round(seconds / size), unit);
}
