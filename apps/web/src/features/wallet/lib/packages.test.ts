import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/utils/format';
import { includedVatMinor, pricePer100, savingPercent, type TokenPackage } from './packages';

const pkg = (tokens: number, price_minor: number): TokenPackage => ({
  id: String(tokens),
  name: 'p',
  tokens,
  price_minor,
  currency: 'gbp',
});
const defaults = [pkg(100, 100), pkg(500, 450), pkg(5000, 3999)];

describe('package prices', () => {
  it('gives the price per 100 TMT', () => {
    expect(formatMoney(pricePer100(defaults[0]!), 'gbp')).toBe('£1.00');
    expect(formatMoney(pricePer100(defaults[1]!), 'gbp')).toBe('£0.90');
    expect(formatMoney(pricePer100(defaults[2]!), 'gbp')).toBe('£0.80');
  });

  it('gives the saving against the dearest package', () => {
    expect(defaults.map((p) => savingPercent(p, defaults))).toEqual([0, 10, 20]);
  });

  it('computes the VAT inside a price', () => {
    expect(includedVatMinor(100, 20)).toBe(17);
    expect(includedVatMinor(3999, 20)).toBe(667);
  });
});
