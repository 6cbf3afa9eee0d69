// Database refusals become a function's answer by SQLSTATE alone: the same message under another
// code is not mistaken for it, and an unexpected code stays a 500 (undefined here).
import { describe, expect, it } from 'vitest';
import { functionErrorFromDb } from '../../src/functions/errors.js';

function pgError(code: string, message: string, detail?: string): Error {
  return Object.assign(new Error(message), { code, ...(detail ? { detail } : {}) });
}

describe('functionErrorFromDb', () => {
  it('answers PT402 with 402 insufficient_tokens and the wallet link, whatever the message says', () => {
    const err = functionErrorFromDb(pgError('PT402', 'Saldo insuficiente'));
    expect(err?.statusCode).toBe(402);
    expect(err?.body).toEqual({
      error: 'Insufficient balance. Top up your wallet to register this asset.',
      code: 'insufficient_tokens',
      wallet: '/wallet',
    });
  });

  it('does not read the message text: a P0001 that mentions tokens is a plain 400', () => {
    const err = functionErrorFromDb(pgError('P0001', 'Insufficient tokens'));
    expect(err?.statusCode).toBe(400);
    expect(err?.body).toEqual({ error: 'Insufficient tokens' });
  });

  it("answers PT409 with 409 price_changed and the server's quote from DETAIL", () => {
    const err = functionErrorFromDb(pgError('PT409', 'The price changed', '{"total":12}'));
    expect(err?.statusCode).toBe(409);
    expect(err?.body).toEqual({ error: 'The price changed', code: 'price_changed', quote: { total: 12 } });
    expect(functionErrorFromDb(pgError('PT409', 'The price changed', 'not json'))?.body.quote).toBeNull();
  });

  it('maps not found, a forbidding state, forbidden and invalid input', () => {
    expect(functionErrorFromDb(pgError('P0002', 'Asset not found'))?.body).toEqual({
      error: 'Asset not found',
      code: 'not_found',
    });
    expect(functionErrorFromDb(pgError('42501', 'Not yours'))?.statusCode).toBe(403);
    // A state that forbids the action (a stolen asset, an accepted invitation) is the caller's conflict.
    expect(functionErrorFromDb(pgError('55000', 'Already accepted'))?.statusCode).toBe(409);
    expect(functionErrorFromDb(pgError('55000', 'Already accepted'))?.body).toEqual({
      error: 'Already accepted',
      code: 'conflict',
    });
    expect(functionErrorFromDb(pgError('22P02', 'invalid input syntax'))?.body.code).toBe('invalid');
  });

  it('answers any other PTxyz with status xyz, as PostgREST reads it', () => {
    expect(functionErrorFromDb(pgError('PT404', 'No such heir'))?.statusCode).toBe(404);
    expect(functionErrorFromDb(pgError('PT422', 'Bad period'))?.body).toEqual({ error: 'Bad period' });
  });

  it('leaves unexpected errors alone', () => {
    expect(functionErrorFromDb(pgError('23505', 'duplicate key'))).toBeUndefined();
    expect(functionErrorFromDb(new Error('no code'))).toBeUndefined();
    expect(functionErrorFromDb('a string')).toBeUndefined();
  });
});
