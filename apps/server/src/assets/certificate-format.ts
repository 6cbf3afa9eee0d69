// How the certificate writes moments, amounts and sizes for people: "23 November 2026, 17:39 UTC"
// rather than the ledger's ISO strings (those stay, verbatim, only where a hash needs them).
// Times are in UTC: the document is read by third parties in any zone, so it names its zone.
import type { CertificateMessages } from './certificate-messages.js';

/** "23 November 2026, 17:39 UTC"; the input as given when it is not a date. */
export function formatDateTime(iso: string, m: CertificateMessages): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return m.dateTime({
    day: d.getUTCDate(),
    month: m.months[d.getUTCMonth()]!,
    year: d.getUTCFullYear(),
    time,
    zone: 'UTC',
  });
}

/** "1,250.00 GBP" in the messages' locale; the raw text when it is not a number. */
export function formatAmount(value: string, currency: string, m: CertificateMessages): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return `${value} ${currency}`;
  const digits = new Intl.NumberFormat(m.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  return `${digits} ${currency}`;
}

/** "2.4 MB" (binary multiples, one decimal above a kilobyte). */
export function formatBytes(bytes: number, m: CertificateMessages): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = new Intl.NumberFormat(m.locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return m.bytes({ value: text, unit: units[unit]! });
}
