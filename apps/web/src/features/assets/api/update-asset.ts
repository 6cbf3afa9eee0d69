// Edits, privacy changes and lost/stolen/found reports: a plain update limited by column grants
// and RLS to the owner's editable fields; the database records each change in the ledger.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { assetKeys } from './keys';
import type { AssetFields, AssetStatus } from './types';

export type AssetPatch = Partial<Omit<AssetFields, 'kind'>> & { status?: AssetStatus };

export async function updateAsset(id: string, patch: AssetPatch): Promise<void> {
  const rows = unwrap(await supabase.from('assets').update(patch).eq('id', id).select('id')) as { id: string }[] | null;
  if (!rows || rows.length === 0) throw new Error('Asset not found');
}

export function useUpdateAsset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AssetPatch) => updateAsset(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
