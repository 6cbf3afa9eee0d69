import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, weakPasswordMessage } from './password-policy';

describe('password policy (client side)', () => {
  it('asks for 8 characters, like the server', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });

  it('puts every server reason into words, unknown ones verbatim', () => {
    expect(weakPasswordMessage(['pwned', 'email'])).toBe(
      'Password is too weak: it is one of the most commonly used passwords, it is based on your email address.',
    );
    expect(weakPasswordMessage(['length', 'future_reason'])).toBe(
      'Password is too weak: it is shorter than 8 characters, future_reason.',
    );
    expect(weakPasswordMessage([])).toBe('Password is too weak. Please choose a stronger password.');
  });
});
