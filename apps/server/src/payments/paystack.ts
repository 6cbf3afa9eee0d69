// Paystack behind the PaymentProvider interface (decision 0154): a transaction initialized with
// the purchase's amount and currency and the purchase id as its reference, the buyer sent to its
// authorization_url; its report is Paystack's verify call, read by the server. The webhook
// (functions/paystack-webhook.ts) credits only what this verify call confirms.
import { PAYSTACK_CURRENCIES, type Config } from '../config/index.js';
import { ProviderUnavailable, type OpenPurchase } from './checkout-provider.js';
import { fromHundredths, toHundredths } from './money.js';
import { PaystackClient } from './paystack-client.js';
import type { PaymentProvider, PaymentReport, StartOptions, StartedPayment } from './provider.js';

const clients = new WeakMap<Config['paystack'], PaystackClient>();

export function paystackClient(config: Config): PaystackClient | undefined {
  const settings = config.paystack;
  if (!settings.secretKey) return undefined;
  let client = clients.get(settings);
  if (!client) {
    client = new PaystackClient({ secretKey: settings.secretKey, apiBase: settings.apiBase });
    clients.set(settings, client);
  }
  return client;
}

/** A verified transaction as a report; amounts back in the currency's minor unit. */
export function paystackReport(tx: { status: string; amount: number; currency: string; id: string }): PaymentReport {
  if (tx.status === 'success') {
    const amountMinor = fromHundredths(tx.amount, tx.currency);
    if (amountMinor === null) return { state: 'failed', reason: 'amount_not_whole' };
    return { state: 'successful', amountMinor, currency: tx.currency.toLowerCase(), paymentId: tx.id };
  }
  if (tx.status === 'failed' || tx.status === 'reversed') return { state: 'failed', reason: tx.status };
  if (tx.status === 'abandoned') return { state: 'expired' };
  return { state: 'pending' };
}

export function paystack(config: Config): PaymentProvider | undefined {
  const client = paystackClient(config);
  if (!client) return undefined;
  return {
    name: 'paystack',
    currencies: PAYSTACK_CURRENCIES,
    async start(purchase: OpenPurchase, options: StartOptions): Promise<StartedPayment> {
      if (!options.customerEmail) throw new ProviderUnavailable('Paystack needs the buyer’s e-mail address');
      try {
        const tx = await client.initialize({
          email: options.customerEmail,
          amount: toHundredths(purchase.amount_minor, purchase.currency),
          currency: purchase.currency.toUpperCase(),
          reference: purchase.id,
          callback_url: options.returnUrl,
          metadata: { purchase_id: purchase.id, user_id: purchase.user_id },
        });
        return { reference: tx.reference, redirectUrl: tx.authorization_url, expiresAt: null };
      } catch (err) {
        throw new ProviderUnavailable('Paystack did not initialize the transaction', err);
      }
    },
    async report(reference: string): Promise<PaymentReport> {
      try {
        return paystackReport(await client.verify(reference));
      } catch (err) {
        throw new ProviderUnavailable('Paystack did not answer the verify call', err);
      }
    },
    async refund(payment) {
      try {
        await client.refund(payment.reference);
      } catch (err) {
        throw new ProviderUnavailable('Paystack did not refund the transaction', err);
      }
    },
  };
}
