// Admin side of buying tokens: packages (rpc admin_save_token_package) and their prices in other
// currencies (rpc admin_set_token_package_prices), the tagging prices that
// quote_asset_cost reads (rpc admin_update_tagging_prices) and revenue (rpc admin_revenue_stats).
// Every rpc checks the admin role again in SQL and audits changes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { rpcArgs } from '@/lib/rpc-args';
import { supabase } from '@/lib/supabase';
import type { TokenPackage } from '@/lib/token-package';
import { adminKeys } from './keys';

/** A package with what only the admin sees: whether it is on sale, and its place in the list. */
export interface AdminTokenPackage extends TokenPackage {
  active: boolean;
  sort_order: number;
}

export type PackageDraft = Omit<AdminTokenPackage, 'id'> & { id: string | null };

export interface TaggingPrices {
  items: Record<string, number>;
  video: { max_seconds: number; amount: number }[];
}

/** What admin_update_tagging_prices takes: each item's price, and `video` as its duration tiers. */
export type TaggingPricesUpdate = Record<string, number | { max_seconds: number; amount: number }[]>;

export interface RevenueStats {
  currency: string;
  gross_minor: number;
  refunds_minor: number;
  net_minor: number;
  paid_count: number;
  disputed_minor: number;
  by_day: { day: string; gross_minor: number; refunds_minor: number }[];
}

const paymentKeys = {
  packages: [...adminKeys.all, 'token-packages'] as const,
  prices: [...adminKeys.all, 'tagging-prices'] as const,
  revenue: [...adminKeys.all, 'revenue'] as const,
};

export function useAdminTokenPackages() {
  return useQuery({
    queryKey: paymentKeys.packages,
    queryFn: async (): Promise<AdminTokenPackage[]> =>
      (
        unwrap(
          await supabase
            .from('token_packages')
            .select('id, name, tokens, price_minor, currency, prices, active, sort_order')
            .order('sort_order')
            .order('tokens'),
        ) ?? []
      ).map((r) => ({
        ...r,
        tokens: Number(r.tokens),
        price_minor: Number(r.price_minor),
        prices: (r.prices ?? {}) as Record<string, number>,
      })),
  });
}

export function useSaveTokenPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (p: PackageDraft) =>
      unwrap(
        await supabase.rpc(
          'admin_save_token_package',
          rpcArgs(p, 'id', 'name', 'tokens', 'price_minor', 'currency', 'active', 'sort_order'),
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Replaces a package's prices in other currencies (rpc admin_set_token_package_prices; decision 0154). */
export function useSaveTokenPackagePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, prices }: { id: string; prices: Record<string, number> }) =>
      unwrap(await supabase.rpc('admin_set_token_package_prices', { p_id: id, p_prices: prices })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useTaggingPrices() {
  return useQuery({
    queryKey: paymentKeys.prices,
    queryFn: async (): Promise<TaggingPrices> => {
      const items = unwrap(await supabase.from('asset_pricing').select('item, amount')) ?? [];
      const video =
        unwrap(await supabase.from('asset_video_pricing').select('max_seconds, amount').order('max_seconds')) ?? [];
      return {
        items: Object.fromEntries(items.map((r) => [r.item as string, Number(r.amount)])),
        video: video.map((r) => ({ max_seconds: Number(r.max_seconds), amount: Number(r.amount) })),
      };
    },
  });
}

export function useUpdateTaggingPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prices: TaggingPricesUpdate) =>
      unwrap(await supabase.rpc('admin_update_tagging_prices', { p_prices: prices })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useRevenueStats(currency = 'gbp') {
  return useQuery({
    queryKey: [...paymentKeys.revenue, currency],
    queryFn: async (): Promise<RevenueStats> => {
      const raw = unwrap(await supabase.rpc('admin_revenue_stats', { p_days: 30, p_currency: currency })) as Record<
        string,
        unknown
      >;
      const n = (k: string) => Number(raw[k] ?? 0);
      return {
        currency: String(raw.currency ?? currency),
        gross_minor: n('gross_minor'),
        refunds_minor: n('refunds_minor'),
        net_minor: n('net_minor'),
        paid_count: n('paid_count'),
        disputed_minor: n('disputed_minor'),
        by_day: ((raw.by_day as Record<string, unknown>[] | null) ?? []).map((d) => ({
          day: String(d.day),
          gross_minor: Number(d.gross_minor),
          refunds_minor: Number(d.refunds_minor),
        })),
      };
    },
  });
}
