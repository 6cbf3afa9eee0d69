// The one Stripe SDK instance per configuration. STRIPE_API_BASE points the SDK at a local
// Stripe-compatible server (the tests' fake, stripe-mock) instead of api.stripe.com.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '../config/index.js';

// The SDK loads with the first client, so servers without purchases never carry it in memory.
const require = createRequire(import.meta.url);

const clients = new WeakMap<Config['stripe'], Stripe>();

/** Undefined when no secret key is configured: purchases are off on this server. */
export function stripeClient(config: Config): Stripe | undefined {
  const settings = config.stripe;
  if (!settings.secretKey) return undefined;
  let client = clients.get(settings);
  if (!client) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    const StripeSdk = require('stripe') as typeof Stripe;
    client = new StripeSdk(settings.secretKey, {
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
      maxNetworkRetries: 1,
      timeout: 20_000,
    });
    clients.set(settings, client);
  }
  return client;
}
