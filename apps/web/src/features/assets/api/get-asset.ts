// One of the caller's assets with its media, ledger history, proof and messages (RLS: owner only).
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { callFunction } from '@/lib/call-function';
import { supabase } from '@/lib/supabase';
import { assetKeys } from './keys';
import { myAssetRequest } from './first-requests';
import { seedAssetUrls } from './signed-urls';
import type { Asset, AssetMessage, LedgerEntry, LedgerProof } from './types';

/**
 * The asset with its files' URLs in one request (the my-asset function), for the asset page (issue
 * 29): asked for one after the other, the asset, its URLs and its photo were three round trips before
 * the page's largest paint. The URLs go where the page's URL queries look for them. The page's first
 * load and its prefetch (asset-detail-page.tsx) ask the same way, so whichever asks first, the other
 * shares its request, and the one the page's early entry sent (decision 0177) is taken by both.
 */
export const assetQueryOptions = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: async () => {
      const { asset, files, photos } = await callFunction('my-asset', myAssetRequest(id));
      const row = asset as unknown as Asset;
      seedAssetUrls(queryClient, row.media, { files, photos });
      return row;
    },
  });

export function useAsset(id: string) {
  return useQuery(assetQueryOptions(useQueryClient(), id));
}

export async function fetchLedger(id: string): Promise<LedgerEntry[]> {
  return unwrap(
    await supabase
      .from('asset_ledger')
      .select('seq, event, record_hash, prev_hash, entry_hash, created_at')
      .eq('asset_id', id)
      .order('seq', { ascending: false }),
  );
}
export function useAssetLedger(id: string) {
  return useQuery({ queryKey: assetKeys.ledger(id), queryFn: () => fetchLedger(id) });
}

export async function fetchProof(id: string): Promise<LedgerProof & { record: unknown }> {
  return unwrap(await supabase.rpc('get_asset_proof', { p_asset_id: id }));
}
export function useAssetProof(id: string) {
  return useQuery({ queryKey: assetKeys.proof(id), queryFn: () => fetchProof(id) });
}

export async function fetchMessages(id: string): Promise<AssetMessage[]> {
  return unwrap(
    await supabase
      .from('asset_messages')
      .select('id, asset_id, sender_name, message, replied_at, created_at')
      .eq('asset_id', id)
      .order('created_at', { ascending: false }),
  ) as AssetMessage[];
}
export function useAssetMessages(id: string) {
  return useQuery({ queryKey: assetKeys.messages(id), queryFn: () => fetchMessages(id) });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    get_asset_proof: LedgerProof & { record: unknown };
  }
}
