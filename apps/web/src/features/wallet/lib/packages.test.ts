import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/utils/format';
import { defaultOption, includedVatMinor, inCurrency, paymentOptions, pricePer100, savingPercent } from './packages';
import type { TokenPackage } from '@/lib/token-package';

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

describe('ways to pay (decision 0154)', () => {
  const priced: TokenPackage[] = [
    { ...pkg(100, 100), prices: { ngn: 200000, xaf: 750 } },
    { ...pkg(500, 450), prices: { ngn: 900000 } },
  ];
  const providers = [
    { name: 'stripe' as const, currencies: 'package' as const },
    { name: 'paystack' as const, currencies: ['ngn', 'ghs'] },
    { name: 'mtn_momo' as const, currencies: ['xaf'] },
  ];

  it('offers each configured provider in each currency some package has a price in', () => {
    expect(paymentOptions(providers, priced)).toEqual([
      { provider: 'stripe', currency: 'gbp' },
      { provider: 'paystack', currency: 'ngn' },
      { provider: 'mtn_momo', currency: 'xaf' },
    ]);
    expect(inCurrency(priced[1]!, 'xaf')).toBeUndefined();
    expect(inCurrency(priced[0]!, 'xaf')).toMatchObject({ price_minor: 750, currency: 'xaf' });
  });

  it('starts from the buyer’s choice, else their country’s currency, else the first', () => {
    const options = paymentOptions(providers, priced);
    expect(defaultOption(options, { chosen: { provider: 'paystack', currency: 'ngn' }, country: 'CM' })).toEqual({
      provider: 'paystack',
      currency: 'ngn',
    });
    expect(defaultOption(options, { country: 'Cameroun' })).toEqual({ provider: 'mtn_momo', currency: 'xaf' });
    expect(defaultOption(options, { country: null, locale: 'en-NG' })).toEqual({
      provider: 'paystack',
      currency: 'ngn',
    });
    expect(defaultOption(options, { chosen: { provider: 'paystack', currency: 'ghs' }, locale: 'en-GB' })).toEqual({
      provider: 'stripe',
      currency: 'gbp',
    });
  });
});
