// Formatting shared by every screen, in the reader's language (lib/i18n/format.ts).
import { intlLocale } from '@/lib/i18n/format';

/** An amount in minor units (pence) as a price, e.g. formatMoney(1250, 'gbp') → '£12.50' (French: '12,50 £'). */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: currency.toUpperCase() }).format(
    minor / 100,
  );
}
