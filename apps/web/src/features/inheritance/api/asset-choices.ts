// The owner's own assets (RLS: owner only), for choosing single assets a next of kin receives.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';
import type { AssetKind } from '@tagledger/functions-api';

export interface AssetChoice {
  id: string;
  title: string;
  kind: AssetKind;
}

/** As many as one next of kin may receive one by one (next_of_kin.receives_assets holds at most 500). */
export const MAX_CHOSEN_ASSETS = 500;

export function useAssetChoices(userId: string) {
  return useQuery({
    queryKey: ['nok-asset-choices', userId] as const,
    queryFn: async () =>
      unwrap(
        await supabase
          .from('assets')
          .select('id, title, kind')
          .eq('owner_id', userId)
          .order('created_at', { ascending: false })
          .limit(MAX_CHOSEN_ASSETS),
      ) as AssetChoice[],
  });
}
