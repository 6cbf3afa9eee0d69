// One of the caller's assets with its media, ledger history, proof and messages (RLS: owner only).
import { i18n } from '@/lib/i18n/i18n';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/api-error';
import { callFunction } from '@/lib/call-function';
import { supabase } from '@/lib/supabase';
import { assetKeys } from './keys';
import { myAssetRequest } from './first-requests';
import { seedAssetUrls } from './signed-urls';
import type { Asset, AssetMedia, AssetMessage, LedgerEntry, LedgerProof } from './types';

export async function fetchAsset(id: string): Promise<Asset> {
  const row = unwrap(
    await supabase
      .from('assets')
      .select('*, media:asset_media(id, object_name, kind, mime_type, size_bytes, sha256, duration_seconds, position)')
      .eq('id', id)
      .maybeSingle(),
  ) as (Asset & { media: (AssetMedia & { position: number })[] }) | null;
  if (!row) throw new AppError(i18n._('Asset not found'), { status: 404 });
  row.media = [...(row.media ?? [])].sort((a, b) => a.position - b.position);
  return row;
}

export const assetQueryOptions = (id: string) =>
  queryOptions({ queryKey: assetKeys.detail(id), queryFn: () => fetchAsset(id) });

/**
 * The asset with its files' URLs in one request (the my-asset function), for an asset page's first
 * load (issue 29): asked for one after the other, the asset, its URLs and its photo were three round
 * trips before the page's largest paint. The URLs go where the page's URL queries look for them.
 */
export const assetWithUrlsQueryOptions = (queryClient: QueryClient, id: string) =>
  queryOptions({
    ...assetQueryOptions(id),
    queryFn: async () => {
      const { asset, files, photos } = await callFunction('my-asset', myAssetRequest(id));
      const row = asset as unknown as Asset;
      seedAssetUrls(queryClient, row.media, { files, photos });
      return row;
    },
  });
export function useAsset(id: string) {
  return useQuery(assetQueryOptions(id));
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
