// The caller's TMT balance read fresh from the server just before a charge, so that a balance that
// cannot cover the shown cost is answered here with 'Insufficient tokens' — without uploading files
// or asking the server for a charge it will refuse with a 402, which the browser would log as an
// error. The database still decides every charge.
import { fetchWallet } from '@/lib/wallet';

export async function fetchBalance(userId: string): Promise<number> {
  return (await fetchWallet(userId)).balance;
}
