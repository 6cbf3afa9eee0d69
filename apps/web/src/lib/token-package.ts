// A token package (public.token_packages) as the wallet offers it and the admin card edits it.
// Amounts are in each currency's minor unit.
export interface TokenPackage {
  id: string;
  name: string;
  tokens: number;
  price_minor: number;
  currency: string;
  /** Prices in other currencies, minor units by lower-case code (Paystack, MTN MoMo). */
  prices?: Record<string, number>;
}
