// Validation of the "adjust tokens" form, mirrored by admin_adjust_tokens in SQL.
import { i18n } from '@/lib/i18n/i18n';
import { intlLocale } from '@/lib/i18n/format';
export const MAX_ADJUSTMENT = 1_000_000;

export function validateAdjustment(amountText: string, reason: string): { amount?: string; reason?: string } {
  const errors: { amount?: string; reason?: string } = {};
  const amount = Number(amountText);
  if (!/^-?\d+$/.test(amountText.trim()) || amount === 0)
    errors.amount = i18n._('Enter a whole number other than 0 (negative to deduct)');
  else if (Math.abs(amount) > MAX_ADJUSTMENT)
    errors.amount = i18n._('At most {max} TMT at once', { max: MAX_ADJUSTMENT.toLocaleString(intlLocale()) });
  const r = reason.trim();
  if (r.length < 3) errors.reason = i18n._('A reason is required (at least 3 characters)');
  else if (r.length > 300) errors.reason = i18n._('At most 300 characters');
  return errors;
}
