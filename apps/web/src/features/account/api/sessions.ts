// The caller's sign-in sessions (rpc list_my_sessions) and "sign out everywhere else".
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toAppError, unwrap } from '@/lib/api-error';
import { accountKeys } from './keys';
import { i18n } from '@/lib/i18n/i18n';

export interface SessionRow {
  id: string;
  created_at: string;
  updated_at: string | null;
  refreshed_at: string | null;
  user_agent: string | null;
  ip: string | null;
  aal: string | null;
  is_current: boolean;
}

export async function listMySessions(): Promise<SessionRow[]> {
  return (unwrap(await supabase.rpc('list_my_sessions')) ?? []) as SessionRow[];
}

export const sessionsQuery = (userId: string) =>
  queryOptions({ queryKey: accountKeys.sessions(userId), queryFn: listMySessions });

export function useMySessions(userId: string) {
  return useQuery(sessionsQuery(userId));
}

export async function signOutOtherSessions(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'others' });
  if (error) throw toAppError(error, i18n._('Failed to sign out the other sessions'));
}

export function useSignOutOthers(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.sessions(userId) }),
  });
}
