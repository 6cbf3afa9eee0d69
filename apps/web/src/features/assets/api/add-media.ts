// Adding files to an existing asset: the estimate (quote_added_media) and the charge
// (add-asset-media, which re-reads the files and charges the server's price difference).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { rpcArgs } from '@/lib/rpc-args';
import { supabase } from '@/lib/supabase';
import { callFunction } from '@/lib/call-function';
import { refreshAfterSpend } from './refresh-after-spend';
import { assetKeys } from './keys';
import type { QuoteInput } from './quote';

export function useQuoteAddedMedia(assetId: string, input: QuoteInput, enabled: boolean) {
  return useQuery({
    queryKey: [...assetKeys.detail(assetId), 'add-quote', input],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await supabase.rpc('quote_added_media', {
          p_asset_id: assetId,
          ...rpcArgs(input, 'photos', 'documents', 'videoSeconds'),
        }),
      ) as { total: number },
  });
}

export interface AddMediaInput {
  assetId: string;
  submissionId: string;
  media: string[];
  expectedCost: number | null;
}

export function useAddAssetMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddMediaInput) => callFunction('add-asset-media', input),
    // Settled, not only success: a refused charge ('Insufficient tokens') should show the current balance too.
    onSettled: () => refreshAfterSpend(queryClient),
  });
}
