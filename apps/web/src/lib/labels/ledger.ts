// The wallet ledger's values, as the wallet and the dashboard show them: sources (token_transactions.source)
// by name, and descriptions by their wording.
//
// The ledger's descriptions are written by the database functions in English (packages/db/migrations:
// ledger_post callers) and stay as stored — exports, search and the audit trail read them. The wallet
// shows them in the reader's language by recognising each fixed wording and translating it with its
// values (a title, a name, a number) put back in. A description no pattern knows is shown as stored.
import { formatNumber } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';
import { labelOf } from './label-of';

const num = (digits: string) => formatNumber(Number(digits));

/** Each stored wording (anchored regex) and its message in the reader's language. */
const WORDINGS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^Welcome bonus$/, () => i18n._('Welcome bonus')],
  [/^Welcome bonus \(influencer sign-up\)$/, () => i18n._('Welcome bonus (influencer sign-up)')],
  [
    /^Level (\d+) referral reward: (.+) made their first purchase$/s,
    (m) => i18n._('Level {level} referral reward: {name} made their first purchase', { level: m[1]!, name: m[2]! }),
  ],
  [
    /^Level (\d+) referral reward: (.+) joined$/s,
    (m) => i18n._('Level {level} referral reward: {name} joined', { level: m[1]!, name: m[2]! }),
  ],
  [
    /^Level (\d+) referral reward taken back: the purchase was refunded$/,
    (m) => i18n._('Level {level} referral reward taken back: the purchase was refunded', { level: m[1]! }),
  ],
  [
    /^Level (\d+) referral reward taken back: the purchase was charged back$/,
    (m) => i18n._('Level {level} referral reward taken back: the purchase was charged back', { level: m[1]! }),
  ],
  [/^Admin adjustment: (.*)$/s, (m) => i18n._('Admin adjustment: {reason}', { reason: m[1]! })],
  [/^Tagged asset: (.*)$/s, (m) => i18n._('Tagged asset: {title}', { title: m[1]! })],
  [/^Added files to: (.*)$/s, (m) => i18n._('Added files to: {title}', { title: m[1]! })],
  [
    /^Settles (\d+) TMT owed from a refunded purchase$/,
    (m) => i18n._('Settles {tokens} TMT owed from a refunded purchase', { tokens: num(m[1]!) }),
  ],
  [
    /^Bought (.+) \((\d+) TMT\), reference (\S+)$/s,
    (m) =>
      i18n._('Bought {item} ({tokens} TMT), reference {reference}', {
        item: m[1]!,
        tokens: num(m[2]!),
        reference: m[3]!,
      }),
  ],
  [
    /^Refund of (.+) \(reference (\S+)\): (\d+) TMT taken back$/s,
    (m) =>
      i18n._('Refund of {item} (reference {reference}): {tokens} TMT taken back', {
        item: m[1]!,
        reference: m[2]!,
        tokens: num(m[3]!),
      }),
  ],
  [
    /^Dispute of (.+) \(reference (\S+)\): (\d+) TMT taken back$/s,
    (m) =>
      i18n._('Dispute of {item} (reference {reference}): {tokens} TMT taken back', {
        item: m[1]!,
        reference: m[2]!,
        tokens: num(m[3]!),
      }),
  ],
  [
    /^Dispute of (.+) \(reference (\S+)\) closed in our favour: (\d+) TMT restored$/s,
    (m) =>
      i18n._('Dispute of {item} (reference {reference}) closed in our favour: {tokens} TMT restored', {
        item: m[1]!,
        reference: m[2]!,
        tokens: num(m[3]!),
      }),
  ],
];

/** A ledger description in the reader's language (the stored English text when no wording matches). */
export function describeTransaction(description: string): string {
  for (const [pattern, translate] of WORDINGS) {
    const m = pattern.exec(description);
    if (m) return translate(m);
  }
  return description;
}

/** Names of the ledger's sources (message ids, translated by sourceLabel). */
const SOURCE_LABELS: Record<string, string> = {
  signup: /*i18n*/ 'Signup',
  signup_bonus: /*i18n*/ 'Signup bonus',
  influencer_signup_bonus: /*i18n*/ 'Influencer signup bonus',
  referral: /*i18n*/ 'Referral',
  referral_reversal: /*i18n*/ 'Referral reversal',
  tag_asset: /*i18n*/ 'Tag Asset',
  admin_adjustment: /*i18n*/ 'Admin Adjustment',
  purchase: /*i18n*/ 'Purchase',
  purchase_refund: /*i18n*/ 'Purchase refund',
  purchase_dispute: /*i18n*/ 'Purchase dispute',
  purchase_dispute_won: /*i18n*/ 'Dispute won',
  debt_settlement: /*i18n*/ 'Debt settlement',
};

/** A source's name in the reader's language; an unknown source reads "Some source" (label-of.ts). */
export const sourceLabel = (source: string): string => labelOf(SOURCE_LABELS, source);

const TYPE_LABELS: Record<string, string> = { earned: /*i18n*/ 'Earned', spent: /*i18n*/ 'Spent' };

/** A movement's type (token_transactions.type) in the reader's language. */
export const transactionTypeLabel = (type: string): string => labelOf(TYPE_LABELS, type);
