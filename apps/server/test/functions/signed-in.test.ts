// A signed-in function answers only a signed-in user: the anon and service keys, and a user
// token without a subject, get 401 with the function's own message.
import { describe, expect, it } from 'vitest';
import { FunctionError } from '../../src/functions/errors.js';
import { signedInUserId } from '../../src/functions/signed-in.js';
import type { Identity } from '../../src/shared/identify.js';

const identity = (role: Identity['role'], userId: string | undefined): Identity =>
  ({ role, claims: { role }, userId, sessionId: undefined, aal: undefined, token: undefined }) as Identity;

describe('signedInUserId', () => {
  it("gives a signed-in user's id", () => {
    expect(signedInUserId(identity('authenticated', 'u1'), 'Sign in to reply')).toBe('u1');
  });

  it('refuses the anon and service keys and a token without a user, with 401 and the message', () => {
    for (const who of [
      identity('anon', undefined),
      identity('service_role', undefined),
      identity('authenticated', undefined),
    ]) {
      let caught: unknown;
      try {
        signedInUserId(who, 'Sign in to reply');
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(FunctionError);
      expect((caught as FunctionError).statusCode).toBe(401);
      expect((caught as FunctionError).body).toEqual({ error: 'Sign in to reply' });
    }
  });
});
