// The wire names of an rpc built with rpcArgs: the database function takes p_-prefixed snake case.
import { describe, expect, it, vi } from 'vitest';

const rpc = vi.fn(async () => ({ data: { balance: 15 }, error: null }));
vi.mock('@/lib/supabase', () => ({ supabase: { rpc } }));

const { adjustTokens } = await import('./admin-actions');

describe('adjustTokens', () => {
  it('sends the input under the database function’s parameter names', async () => {
    await adjustTokens({ userId: 'u1', amount: -5, reason: 'correction', idempotencyKey: 'k1' });
    expect(rpc).toHaveBeenCalledWith('admin_adjust_tokens', {
      p_user_id: 'u1',
      p_amount: -5,
      p_reason: 'correction',
      p_idempotency_key: 'k1',
    });
  });
});
