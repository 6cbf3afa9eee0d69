// Token packages, the signed-in user's purchases, opening a Checkout Session and cancelling one
// the buyer left. Reading a purchase never changes it: only the server's verified Stripe webhook
// credits tokens, and only the server (after asking Stripe) cancels a purchase.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FunctionRequest, FunctionResponse, PurchaseStatus } from '@tagledger/functions-api';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { callFunction } from '@/lib/call-function';
import type { TokenPackage } from '@/lib/token-package';
import { walletKeys } from '@/lib/wallet';

export type { PurchaseStatus };

export interface TokenPurchase {
  id: string;
  package_name: string;
  tokens: number;
  amount_minor: number;
  currency: string;
  status: PurchaseStatus;
  reference: string;
  amount_refunded_minor: number;
  tokens_reversed: number;
  /** Tokens of this purchase that paid a debt when it was credited. */
  debt_settled: number;
  /** Who takes the money: stripe, paystack or mtn_momo. */
  provider: string;
  /** The number a mobile-money request went to (E.164). */
  payer_phone: string | null;
  paid_at: string | null;
  created_at: string;
}

const PURCHASE_COLUMNS =
  'id, package_name, tokens, amount_minor, currency, status, reference, amount_refunded_minor, tokens_reversed, debt_settled, provider, payer_phone, paid_at, created_at';
export const PURCHASES_SHOWN = 20;

function toPurchase(row: Omit<TokenPurchase, 'status'> & { status: string }): TokenPurchase {
  return {
    ...row,
    status: row.status as PurchaseStatus,
    tokens: Number(row.tokens),
    amount_minor: Number(row.amount_minor),
    amount_refunded_minor: Number(row.amount_refunded_minor),
    tokens_reversed: Number(row.tokens_reversed),
    debt_settled: Number(row.debt_settled),
  };
}

export function useTokenPackages() {
  return useQuery({
    queryKey: ['token-packages'],
    queryFn: async (): Promise<TokenPackage[]> => {
      const rows = unwrap(
        await supabase
          .from('token_packages')
          .select('id, name, tokens, price_minor, currency, prices')
          .eq('active', true)
          .order('sort_order')
          .order('tokens'),
      );
      return (rows ?? []).map((r) => ({
        ...r,
        tokens: Number(r.tokens),
        price_minor: Number(r.price_minor),
        prices: (r.prices ?? {}) as Record<string, number>,
      }));
    },
    staleTime: 60_000,
  });
}

export const purchasesQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: walletKeys.purchases(userId),
    queryFn: async (): Promise<TokenPurchase[]> => {
      const rows = unwrap(
        await supabase
          .from('token_purchases')
          .select(PURCHASE_COLUMNS)
          .eq('user_id', userId!)
          .order('created_at', { ascending: false })
          .limit(PURCHASES_SHOWN),
      );
      return (rows ?? []).map(toPurchase);
    },
    enabled: Boolean(userId),
  });

/** The purchases list; polls every 2 s while `pollWhilePending` and one of them is pending. */
export function usePurchases(pollWhilePending: boolean) {
  const { user } = useAuth();
  return useQuery({
    ...purchasesQueryOptions(user?.id),
    refetchInterval: (query) =>
      pollWhilePending && query.state.data?.some((p) => p.status === 'pending') ? 2000 : false,
  });
}

/**
 * Opens a purchase of a package with a provider in a currency (the server reads the price): url is
 * the provider's payment page, or null when the payer approves on their phone (MTN MoMo).
 */
export function startPayment(request: FunctionRequest<'create-payment'>): Promise<FunctionResponse<'create-payment'>> {
  return callFunction('create-payment', request);
}

/**
 * Back from the checkout's cancel link: the server cancels the purchase once the provider confirms
 * it was not paid, and answers its status ('pending' while a payment is on its way).
 */
export function cancelCheckout(purchaseId: string): Promise<{ status: PurchaseStatus }> {
  return callFunction('cancel-checkout', { purchaseId });
}
