import { describe, expect, it } from 'vitest';
import { validateAdjustment } from './adjust';

describe('validateAdjustment', () => {
  it('accepts whole non-zero amounts with a reason', () => {
    expect(validateAdjustment('25', 'Prize')).toEqual({});
    expect(validateAdjustment('-10', 'Correction')).toEqual({});
  });

  it.each(['0', '', '1.5', 'abc', '2000000'])('refuses the amount %j', (amount) => {
    expect(validateAdjustment(amount, 'Reason').amount).toBeDefined();
  });

  it('requires a reason of 3 to 300 characters', () => {
    expect(validateAdjustment('5', '  a ').reason).toBeDefined();
    expect(validateAdjustment('5', 'x'.repeat(301)).reason).toBeDefined();
  });
});
