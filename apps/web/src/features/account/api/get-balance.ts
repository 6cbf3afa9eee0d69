// The caller's TMT balance, read from user_wallets directly (a feature never imports another
// feature's hooks). A missing wallet row means 0.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';
import { accountKeys } from './keys';

export async function getBalance(userId: string): Promise<number> {
  const row = unwrap(await supabase.from('user_wallets').select('balance').eq('user_id', userId).maybeSingle()) as {
    balance: number | string;
  } | null;
  return row ? Number(row.balance) : 0;
}

export const balanceQuery = (userId: string) =>
  queryOptions({ queryKey: accountKeys.balance(userId), queryFn: () => getBalance(userId) });

export function useBalance(userId: string) {
  return useQuery(balanceQuery(userId));
}
