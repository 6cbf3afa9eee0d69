import { describe, expect, it } from 'vitest';
import { rpcArgs, rpcParamName } from './rpc-args';

describe('rpcArgs', () => {
  it('names camel-case and snake-case fields as the database functions do', () => {
    expect(rpcParamName('userId')).toBe('p_user_id');
    expect(rpcParamName('idempotencyKey')).toBe('p_idempotency_key');
    expect(rpcParamName('price_minor')).toBe('p_price_minor');
    expect(rpcParamName('id')).toBe('p_id');
  });

  it('sends only the fields named, with their values as they are', () => {
    const input = { userId: 'u1', amount: 5, paused_until: null, extra: 'not sent' };
    expect(rpcArgs(input, 'userId', 'amount', 'paused_until')).toEqual({
      p_user_id: 'u1',
      p_amount: 5,
      p_paused_until: null,
    });
  });

  it('types the result with the functions’ names', () => {
    const args: { p_item_id: string; p_queue: 'a' } = rpcArgs({ itemId: 'x', queue: 'a' as const }, 'itemId', 'queue');
    expect(Object.keys(args).sort()).toEqual(['p_item_id', 'p_queue']);
  });
});
