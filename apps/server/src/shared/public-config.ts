// The public client configuration (GET /config.json and the copy inlined into index.html): what
// the browser may know about this server. No secrets: purchasesEnabled says whether any payment
// provider is configured, paymentProviders which ones and in what currencies, vatPercent is printed on receipts.
import type { OfferedProvider } from '@tagledger/functions-api';
import { configuredPaymentProviders, purchasesEnabled, type Config } from '../config/index.js';

export function publicClientConfig(config: Config, anonKey: string) {
  return {
    supabaseUrl: config.publicUrl,
    storageUrl: config.storagePublicUrl,
    anonKey,
    appName: config.appName,
    purchasesEnabled: purchasesEnabled(config) || configuredPaymentProviders(config).length > 0,
    /** The providers the wallet offers, with the currencies each takes (decision 0154). */
    paymentProviders: configuredPaymentProviders(config) satisfies OfferedProvider[],
    vatPercent: config.receiptVatPercent ?? null,
  };
}
