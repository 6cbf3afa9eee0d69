// The public client configuration (GET /config.json and the copy inlined into index.html): what
// the browser may know about this server. No secrets: purchasesEnabled only says whether Stripe
// is configured, vatPercent is printed on receipts.
import { purchasesEnabled, type Config } from '../config/index.js';

export function publicClientConfig(config: Config, anonKey: string) {
  return {
    supabaseUrl: config.publicUrl,
    storageUrl: config.storagePublicUrl,
    anonKey,
    appName: config.appName,
    purchasesEnabled: purchasesEnabled(config),
    vatPercent: config.receiptVatPercent ?? null,
  };
}
