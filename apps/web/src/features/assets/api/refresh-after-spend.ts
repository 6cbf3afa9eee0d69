// After any charging call (successful or refused) the wallet balance may have changed or the
// user saw a balance error: reload the assets and the wallet. The wallet feature's query keys
// start with 'wallet'; matching on the prefix refreshes the header balance without importing it.
import type { QueryClient } from '@tanstack/react-query';
import { assetKeys } from './keys';

export async function refreshAfterSpend(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  ]);
}
