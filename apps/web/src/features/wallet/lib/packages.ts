// Price arithmetic for the package cards: price per 100 TMT and the saving against the dearest
// package per token; and the ways to pay this server offers (decision 0154): each configured
// provider in each currency it takes, the default picked by the buyer's earlier choice, else their
// country. Amounts are in each currency's minor unit; the table holds the only prices.
import type { OfferedProvider, PaymentProviderName } from '@tagledger/functions-api';
import type { TokenPackage } from '@/lib/token-package';

/** One way to pay: a provider in a currency. */
export interface PaymentOption {
  provider: PaymentProviderName;
  currency: string;
}

/** The package priced in a currency (its own price, or its price in prices), or undefined. */
export function inCurrency(pkg: TokenPackage, currency: string): TokenPackage | undefined {
  if (pkg.currency === currency) return pkg;
  const price = pkg.prices?.[currency];
  return typeof price === 'number' && price > 0 ? { ...pkg, price_minor: price, currency } : undefined;
}

/** Every provider in every currency some package has a price in. */
export function paymentOptions(providers: OfferedProvider[], packages: TokenPackage[]): PaymentOption[] {
  const options: PaymentOption[] = [];
  for (const p of providers) {
    const currencies = p.currencies === 'package' ? [...new Set(packages.map((pkg) => pkg.currency))] : p.currencies;
    for (const currency of currencies) {
      if (packages.some((pkg) => inCurrency(pkg, currency))) options.push({ provider: p.name, currency });
    }
  }
  return options;
}

/** The currency of each country where a provider beside Stripe takes payments. */
const COUNTRY_CURRENCY: Record<string, string> = {
  NG: 'ngn',
  GH: 'ghs',
  ZA: 'zar',
  KE: 'kes',
  ...Object.fromEntries('CI SN BJ TG ML BF NE GW'.split(' ').map((c) => [c, 'xof'])),
  ...Object.fromEntries('CM CG GA TD CF GQ'.split(' ').map((c) => [c, 'xaf'])),
};

/** Country names people write in their profile, for the countries above that are not guessed from the browser. */
const COUNTRY_NAMES: Record<string, string> = {
  nigeria: 'NG',
  ghana: 'GH',
  kenya: 'KE',
  cameroon: 'CM',
  cameroun: 'CM',
  senegal: 'SN',
  sénégal: 'SN',
};

/** A country (ISO 3166 code or a name such as "Cameroon") as a two-letter code, when known. */
function countryCode(country: string | null | undefined): string | undefined {
  const text = country?.trim() ?? '';
  return /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : COUNTRY_NAMES[text.toLowerCase()];
}

/**
 * The option shown first: the buyer's earlier choice when it is still offered, else one in their
 * country's currency (profile country, else the browser's region), else the first.
 */
export function defaultOption(
  options: PaymentOption[],
  hints: {
    chosen?: PaymentOption | null | undefined;
    country?: string | null | undefined;
    locale?: string | undefined;
  },
): PaymentOption | undefined {
  const chosen = hints.chosen;
  if (chosen && options.some((o) => o.provider === chosen.provider && o.currency === chosen.currency)) return chosen;
  const region = countryCode(hints.country) ?? hints.locale?.split('-')[1]?.toUpperCase();
  const currency = region ? COUNTRY_CURRENCY[region] : undefined;
  return options.find((o) => o.currency === currency) ?? options[0];
}

/** Price of 100 TMT in this package, in minor units (not rounded). */
export function pricePer100(pkg: TokenPackage): number {
  return (pkg.price_minor * 100) / pkg.tokens;
}

/** Percent saved per token (rounded) against the dearest package of the same currency; 0 for that one. */
export function savingPercent(pkg: TokenPackage, all: TokenPackage[]): number {
  const dearest = Math.max(...all.filter((p) => p.currency === pkg.currency).map(pricePer100));
  if (!Number.isFinite(dearest) || dearest <= 0) return 0;
  return Math.max(0, Math.round((1 - pricePer100(pkg) / dearest) * 100));
}

/** VAT contained in a VAT-inclusive amount (same rounding as the e-mailed receipt). */
export function includedVatMinor(amountMinor: number, percent: number): number {
  return Math.round((amountMinor * percent) / (100 + percent));
}
