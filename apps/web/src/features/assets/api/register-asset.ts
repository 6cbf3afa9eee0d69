// register-asset: the server re-reads the uploaded files, prices them, charges the wallet and
// creates the asset in one transaction. expectedCost is the price the user saw; if the server's
// differs the call fails with code 'price_changed' (and the new quote) and nothing is charged.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/call-function';
import { refreshAfterSpend } from './refresh-after-spend';
import type { RegisterAssetResult } from '@tagledger/functions-api';
import type { AssetFields, Quote } from './types';

export interface RegisterAssetInput {
  submissionId: string;
  asset: Partial<AssetFields> & { title: string; kind: AssetFields['kind'] };
  media: string[];
  expectedCost: number | null;
}

export type { RegisterAssetResult };

export function registerAsset(input: RegisterAssetInput): Promise<RegisterAssetResult> {
  return callFunction('register-asset', input);
}

export function quoteUploaded(input: {
  submissionId: string;
  asset: RegisterAssetInput['asset'];
  media: string[];
}): Promise<{ quote: Quote }> {
  return callFunction('register-asset', { ...input, quoteOnly: true });
}

export function useRegisterAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAsset,
    // Settled, not only success: a refused charge ('Insufficient tokens') should show the current balance too.
    onSettled: () => refreshAfterSpend(queryClient),
  });
}
