// Price arithmetic for the package cards: price per 100 TMT and the saving against the dearest
// package per token. Amounts are in minor units (pence); the table holds the only prices.
export interface TokenPackage {
  id: string;
  name: string;
  tokens: number;
  price_minor: number;
  currency: string;
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
