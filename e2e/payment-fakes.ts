// The local Paystack and MTN MoMo servers an e2e server pays through (packages/test-kit): Paystack's
// hosted page delivers its signed charge.success to this server's webhook before returning the
// buyer, and MTN's callbacks go where each request-to-pay says (the server's own address). Started
// by the setup of each server (global-setup.ts, postgres-setup.ts), in the runner's process.
import { startFakeMtnMomo } from '@tagledger/test-kit/fake-mtn-momo';
import { startFakePaystack } from '@tagledger/test-kit/fake-paystack';

export interface PaymentFakes {
  /** PAYSTACK_* and MTN_MOMO_* for the server. */
  serverEnv: Record<string, string>;
  /** What the specs need to act as the provider (the payer's phone, a webhook), under a prefix. */
  specEnv(prefix: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startPaymentFakes(baseURL: string): Promise<PaymentFakes> {
  const paystack = await startFakePaystack({ webhookUrl: `${baseURL}/functions/v1/paystack-webhook` });
  // A Cameroonian collection account: MTN's sandbox would take only EUR.
  const momo = await startFakeMtnMomo({ targetEnvironment: 'mtncameroon' });
  return {
    serverEnv: { ...paystack.serverEnv(), ...momo.serverEnv() },
    specEnv: (prefix) => ({
      [`${prefix}PAYSTACK_API_BASE`]: paystack.apiBase,
      [`${prefix}PAYSTACK_SECRET_KEY`]: paystack.secretKey,
      [`${prefix}MTN_MOMO_API_BASE`]: momo.apiBase,
    }),
    async close() {
      await paystack.close();
      await momo.close();
    },
  };
}
