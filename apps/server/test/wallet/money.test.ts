// Amounts at a provider's edge (decision 0154): TagLedger keeps each currency's ISO 4217 minor unit;
// Paystack counts hundredths of the major unit in every currency — for XOF too, which has no minor
// unit ("multiply the amount by 100 regardless", its API reference) — and ignores a fraction of a
// franc, which we therefore never send and refuse to read back.
import { describe, expect, it } from 'vitest';
import { fromHundredths, minorDigits, toHundredths } from '../../src/payments/money.js';

describe('amounts in hundredths for Paystack', () => {
  it('knows each currency’s minor unit', () => {
    expect(minorDigits('ngn')).toBe(2);
    expect(minorDigits('XOF')).toBe(0);
    expect(minorDigits('xaf')).toBe(0);
  });

  it('sends kobo as they are and whole francs multiplied by 100', () => {
    expect(toHundredths(200_000, 'ngn')).toBe(200_000);
    expect(toHundredths(750, 'xof')).toBe(75_000);
  });

  it('reads them back, refusing a fraction of a franc', () => {
    expect(fromHundredths(200_050, 'ngn')).toBe(200_050);
    expect(fromHundredths(75_000, 'xof')).toBe(750);
    expect(fromHundredths(75_050, 'xof')).toBeNull();
    expect(fromHundredths(1.5, 'ngn')).toBeNull();
  });
});
