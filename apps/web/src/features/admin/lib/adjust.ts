// Validation of the "adjust tokens" form, mirrored by admin_adjust_tokens in SQL.
export const MAX_ADJUSTMENT = 1_000_000;

export function validateAdjustment(amountText: string, reason: string): { amount?: string; reason?: string } {
  const errors: { amount?: string; reason?: string } = {};
  const amount = Number(amountText);
  if (!/^-?\d+$/.test(amountText.trim()) || amount === 0) errors.amount = 'Enter a whole number other than 0 (negative to deduct)';
  else if (Math.abs(amount) > MAX_ADJUSTMENT) errors.amount = `At most ${MAX_ADJUSTMENT.toLocaleString('en-US')} TMT at once`;
  const r = reason.trim();
  if (r.length < 3) errors.reason = 'A reason is required (at least 3 characters)';
  else if (r.length > 300) errors.reason = 'At most 300 characters';
  return errors;
}
