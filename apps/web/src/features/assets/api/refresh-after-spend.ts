// After any charging call (successful or refused) the wallet balance may have changed or the
// user saw a balance error: reload the assets and the one shared wallet entry (lib/wallet), which
// the header, the dashboard, the profile and the wallet page all show.
import type { QueryClient } from '@tanstack/react-query';
import { invalidateWallet } from '@/lib/wallet';
import { assetKeys } from './keys';

export async function refreshAfterSpend(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: assetKeys.all }), invalidateWallet(queryClient)]);
}
