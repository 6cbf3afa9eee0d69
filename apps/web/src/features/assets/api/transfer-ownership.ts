// Offers an asset to another person by e-mail (public.offer_asset_transfer checks the owner and
// refuses lost or stolen assets); the recipient accepts on the Legacy page.
import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';

export function useOfferTransfer() {
  return useMutation({
    mutationFn: async ({ assetId, email }: { assetId: string; email: string }) =>
      unwrap(await supabase.rpc('offer_asset_transfer', { p_asset: assetId, p_email: email })),
  });
}
