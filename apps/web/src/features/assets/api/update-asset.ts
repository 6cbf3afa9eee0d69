// Edits, privacy changes and lost/stolen/found reports: a plain update limited by column grants
// and RLS to the owner's editable fields; the database records each change in the ledger.
import { i18n } from '@/lib/i18n/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { assetKeys } from './keys';
import type { TablesUpdate } from '@tagledger/db/types';
import type { AssetFields, AssetStatus } from './types';

export type AssetPatch = Partial<Omit<AssetFields, 'kind'>> & { status?: AssetStatus };

/** The form keeps money as the decimal text typed; the numeric columns take it as a number. */
function toNumeric(value: string | number | null | undefined): number | null | undefined {
  return typeof value === 'string' ? Number(value) : value;
}

export async function updateAsset(id: string, patch: AssetPatch): Promise<void> {
  const row: TablesUpdate<'assets'> = {
    ...patch,
    estimated_value: toNumeric(patch.estimated_value),
    purchase_price: toNumeric(patch.purchase_price),
  };
  const rows = unwrap(await supabase.from('assets').update(row).eq('id', id).select('id'));
  if (!rows || rows.length === 0) throw new Error(i18n._('Asset not found'));
}

export function useUpdateAsset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AssetPatch) => updateAsset(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
