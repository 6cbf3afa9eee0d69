import { describe, expect, it } from 'vitest';
import { gtinCheckDigitOk } from './gtin';

describe('gtinCheckDigitOk', () => {
  it('accepts GTIN-8, -12, -13 and -14 with their right check digit', () => {
    for (const gtin of ['96385074', '036000291452', '4006381333931', '09506000134352'])
      expect(gtinCheckDigitOk(gtin)).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and non-digits', () => {
    for (const gtin of ['96385075', '4006381333932', '1234567', '123456789', '40063813339X1', ''])
      expect(gtinCheckDigitOk(gtin)).toBe(false);
  });
});
