// Mails the server gave up delivering (rpc admin_failed_mails: recipient, subject, attempts and the
// last error — never the body) and putting one back in the queue (rpc admin_retry_mail). Admins only;
// both functions check that again in the database.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

export interface FailedMail {
  id: number;
  to_address: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  failed_at: string | null;
}

export async function fetchFailedMails(): Promise<FailedMail[]> {
  return (unwrap(await supabase.rpc('admin_failed_mails', { p_limit: 50 })) ?? []) as FailedMail[];
}

export const failedMailsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.failedMails(), queryFn: fetchFailedMails });

export function useFailedMails() {
  return useQuery(failedMailsQueryOptions());
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrap(await supabase.rpc('admin_retry_mail', { p_id: id })) as boolean,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.failedMails() }),
  });
}
