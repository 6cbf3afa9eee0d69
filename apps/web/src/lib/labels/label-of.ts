// Values the database stores (statuses, kinds, event names, ledger sources) are English codes; the
// screens show them through one mapping module per domain in this folder (assets.ts, nok.ts,
// ledger.ts, units.ts). `labelOf` is how each module reads its table: the value's message in the
// reader's language, or — for a value the table does not know yet (a newer server) — the value made
// readable ("tag_asset" → "Tag asset"), never an empty cell.
import { i18n } from '@/lib/i18n/i18n';

/** "tag_asset" → "Tag asset": the fallback for a stored value no table names. */
export function readableCode(value: string): string {
  const words = value.split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The value's label (a message id marked with i18n) in the reader's language, else the readable value. */
export function labelOf(table: Readonly<Record<string, string>>, value: string): string {
  const id = Object.hasOwn(table, value) ? table[value] : undefined;
  return id ? i18n._(id) : readableCode(value);
}
