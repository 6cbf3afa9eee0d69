// The caller's TMT balance (SPEC §7: user_wallets select balance by user_id), read just before a
// charge so that a balance that cannot cover the shown cost is answered here with 'Insufficient
// tokens' — without uploading files or asking the server for a charge it will refuse with a 402,
// which the browser would log as an error. The database still decides every charge.
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

export async function fetchBalance(userId: string): Promise<number> {
  const row = unwrap(await supabase.from('user_wallets').select('balance').eq('user_id', userId).maybeSingle()) as {
    balance: number | string;
  } | null;
  return row ? Number(row.balance) : 0;
}
