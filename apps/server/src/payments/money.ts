// Amounts are kept in each currency's ISO 4217 minor unit (pence, kobo; whole francs for XAF and
// XOF, which have none). Intl knows each currency's number of decimals; providers that count every
// currency in hundredths (Paystack: "multiply the amount by 100" even for XOF, whose fractional part
// it ignores — its API reference, "Supported Currency", decision 0154) are converted at their
// client's edge.

/** Decimals of a currency's minor unit (GBP 2, XAF 0). */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** An amount in minor units as hundredths of the major unit (2 000 XAF → 200 000). */
export function toHundredths(amountMinor: number, currency: string): number {
  return amountMinor * 10 ** (2 - minorDigits(currency));
}

/** Hundredths of the major unit back to minor units; null when they do not make a whole minor unit. */
export function fromHundredths(hundredths: number, currency: string): number | null {
  const factor = 10 ** (2 - minorDigits(currency));
  return Number.isSafeInteger(hundredths) && hundredths % factor === 0 ? hundredths / factor : null;
}
