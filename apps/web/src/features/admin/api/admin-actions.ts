// Admin mutations. Each is checked again in SQL (the UI guard is a convenience); after any of
// them the whole admin cache is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import type { Role } from '@/lib/profile';
import { rpcArgs } from '@/lib/rpc-args';
import { callFunction } from '@/lib/call-function';
import { supabase } from '@/lib/supabase';
import { invalidateWallet } from '@/lib/wallet';
import { adminKeys } from './keys';

export async function adjustTokens(input: { userId: string; amount: number; reason: string; idempotencyKey: string }) {
  return unwrap(
    await supabase.rpc('admin_adjust_tokens', rpcArgs(input, 'userId', 'amount', 'reason', 'idempotencyKey')),
  );
}

export async function setRole(input: { userId: string; role: Role }) {
  return unwrap(await supabase.rpc('admin_set_role', { p_user_id: input.userId, p_role: input.role }));
}

export async function setBusiness(input: { userId: string; isBusiness: boolean }) {
  return unwrap(await supabase.rpc('admin_set_business', { p_user_id: input.userId, p_is_business: input.isBusiness }));
}

/**
 * Business requests go through the admin-decide-business-request server function, which decides as
 * the admin (checked in SQL) and mails the requester in their language.
 */
export async function decideBusinessRequest(input: { requestId: string; approve: boolean; note?: string }) {
  return callFunction('admin-decide-business-request', {
    requestId: input.requestId,
    approve: input.approve,
    ...(input.note ? { note: input.note } : {}),
  });
}

/** Bans go through the admin-ban-user server function (the auth service owns bans and sessions). */
export async function setBan(input: { userId: string; banned: boolean; reason?: string }) {
  return callFunction('admin-ban-user', {
    user_id: input.userId,
    banned: input.banned,
    ...(input.reason ? { reason: input.reason } : {}),
  });
}

function useAdminMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        // An admin may adjust their own tokens: refresh the shared balance (header, profile) too.
        invalidateWallet(queryClient),
      ]),
  });
}

export const useAdjustTokens = () => useAdminMutation(adjustTokens);
export const useSetRole = () => useAdminMutation(setRole);
export const useSetBusiness = () => useAdminMutation(setBusiness);
export const useDecideBusinessRequest = () => useAdminMutation(decideBusinessRequest);
export const useSetBan = () => useAdminMutation(setBan);
