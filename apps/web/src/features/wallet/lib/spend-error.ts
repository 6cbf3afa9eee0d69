// SPEC §8 texts for a failed spend: the database raises 'Insufficient tokens' (P0001) when the
// balance is too low; anything else is shown as 'Failed to spend tokens'.
export const INSUFFICIENT_TOKENS = 'Insufficient tokens';
export const FAILED_TO_SPEND = 'Failed to spend tokens';

export function spendErrorMessage(err: unknown): string {
  const message = err && typeof err === 'object' && 'message' in err ? String((err as { message: unknown }).message) : '';
  return message.includes(INSUFFICIENT_TOKENS) ? INSUFFICIENT_TOKENS : FAILED_TO_SPEND;
}
