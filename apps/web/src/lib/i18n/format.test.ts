// A list formats every row: the formatters are built once per language and options, not per call.
import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeFormat, formatMoney, numberFormat } from './format';
import { activateLocale } from './i18n';

afterEach(() => activateLocale('en'));

describe('Intl formatters', () => {
  it('are the same for the same language and options, and new for others', async () => {
    const money = numberFormat({ style: 'currency', currency: 'CHF' });
    expect(numberFormat({ style: 'currency', currency: 'CHF' })).toBe(money);
    expect(numberFormat({ style: 'currency', currency: 'EUR' })).not.toBe(money);
    const day = dateTimeFormat({ month: 'long', day: 'numeric' });
    expect(dateTimeFormat({ month: 'long', day: 'numeric' })).toBe(day);
    expect(day.format(Date.UTC(2026, 0, 2, 12))).toBe('January 2');

    await activateLocale('fr');
    const french = numberFormat({ style: 'currency', currency: 'CHF' });
    expect(french).not.toBe(money);
    expect(formatMoney(1.5, 'chf').replace(/\s/g, ' ')).toBe('1,50 CHF');
    expect(dateTimeFormat({ month: 'long', day: 'numeric' }).format(Date.UTC(2026, 0, 2, 12))).toBe('2 janvier');
  });

  it('refuse a currency that is not one, as Intl does', () => {
    expect(() => numberFormat({ style: 'currency', currency: 'NOT A CODE' })).toThrow(RangeError);
  });
});
