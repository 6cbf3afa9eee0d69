import { formatDateTime } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';
// Display helpers shared by the wallet screens.

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

/** "admin_adjustment" → "Admin Adjustment" (the reference showed sources in title case), in the reader's language. */
export function sourceLabel(source: string): string {
  const known = SOURCE_LABELS[source];
  if (known) return i18n._(known);
  return source
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** "Nov 22, 2026 • 2:05 PM" */
export function formatWhen(iso: string): string {
  return formatDateTime(iso);
}
