// MTN Mobile Money Collection behind the PaymentProvider interface (decision 0154): a
// request-to-pay for the purchase's amount to the payer's number, named by a new X-Reference-Id;
// nothing to redirect to (the payer approves on their phone). Its report is the request's status,
// read by the server — the callback MTN sends only prompts that read (functions/mtn-momo-callback.ts),
// and the polling job (mobile-money-status.ts) reads it until it is final.
import crypto from 'node:crypto';
import { mtnMomoCurrencies, type Config } from '../config/index.js';
import { ProviderUnavailable, type OpenPurchase } from './checkout-provider.js';
import { minorDigits } from './money.js';
import { MtnMomoClient, type RequestToPayStatus } from './mtn-momo-client.js';
import type { PaymentProvider, PaymentReport, StartOptions, StartedPayment } from './provider.js';

/** Minor units as the decimal text MTN expects (750 XAF → "750", 540 EUR cents → "5.40"). */
export function momoAmount(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}

/** MTN's decimal text back to minor units; null when it is not a plain amount of that currency. */
export function momoMinor(amount: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^([0-9]{1,13})(?:\.([0-9]+))?$/.exec(amount.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

export function momoReport(status: RequestToPayStatus): PaymentReport {
  if (status.status === 'PENDING') return { state: 'pending' };
  if (status.status === 'FAILED') {
    const reason = typeof status.reason === 'string' ? status.reason : status.reason?.code;
    return reason === 'EXPIRED' ? { state: 'expired', reason } : { state: 'failed', reason };
  }
  const amountMinor = momoMinor(status.amount, status.currency);
  if (amountMinor === null) return { state: 'failed', reason: 'amount_unreadable' };
  return {
    state: 'successful',
    amountMinor,
    currency: status.currency.toLowerCase(),
    paymentId: status.financialTransactionId ?? '',
  };
}

const clients = new WeakMap<Config['mtnMomo'], MtnMomoClient>();

export function mtnMomoClient(config: Config): MtnMomoClient | undefined {
  const s = config.mtnMomo;
  if (!s.subscriptionKey || !s.apiUser || !s.apiKey) return undefined;
  let client = clients.get(s);
  if (!client) {
    client = new MtnMomoClient({
      apiBase: s.apiBase,
      subscriptionKey: s.subscriptionKey,
      apiUser: s.apiUser,
      apiKey: s.apiKey,
      targetEnvironment: s.targetEnvironment,
    });
    clients.set(s, client);
  }
  return client;
}

export function mtnMomo(config: Config): PaymentProvider | undefined {
  const client = mtnMomoClient(config);
  if (!client) return undefined;
  return {
    name: 'mtn_momo',
    currencies: mtnMomoCurrencies(config.mtnMomo.targetEnvironment),
    async start(purchase: OpenPurchase, options: StartOptions): Promise<StartedPayment> {
      if (!options.payerPhone) throw new ProviderUnavailable('A mobile-money request needs the payer’s number');
      const referenceId = crypto.randomUUID();
      try {
        await client.requestToPay({
          referenceId,
          amount: momoAmount(purchase.amount_minor, purchase.currency),
          currency: purchase.currency.toUpperCase(),
          externalId: purchase.id,
          payerMsisdn: options.payerPhone.replace(/^\+/, ''),
          payerMessage: `TagLedger ${purchase.tokens} TMT`,
          payeeNote: purchase.id,
          callbackUrl: `${config.mtnMomo.callbackHost}/functions/v1/mtn-momo-callback`,
        });
      } catch (err) {
        throw new ProviderUnavailable('MTN MoMo did not accept the request to pay', err);
      }
      return { reference: referenceId, redirectUrl: null, expiresAt: null };
    },
    async report(reference: string): Promise<PaymentReport> {
      try {
        return momoReport(await client.requestToPayStatus(reference));
      } catch (err) {
        throw new ProviderUnavailable('MTN MoMo did not answer for the request to pay', err);
      }
    },
  };
}
