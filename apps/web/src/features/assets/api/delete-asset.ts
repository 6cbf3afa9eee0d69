// delete-asset: the server deletes the row (recording it in the ledger) and then its files.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/call-function';
import { assetKeys } from './keys';

export function deleteAsset(assetId: string): Promise<{ deleted: boolean; filesRemoved: number }> {
  return callFunction('delete-asset', { assetId });
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
