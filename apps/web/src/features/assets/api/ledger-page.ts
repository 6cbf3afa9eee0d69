// The public chain and keys from the ledger-checkpoints function (hash-only entries).
import type { PublicLedgerPage } from '../lib/certificate-verify';

export async function fetchLedgerPage(fromSeq: number): Promise<PublicLedgerPage> {
  // Loaded on use: the public pages that offer this check paint without supabase-js.
  const { callFunction } = await import('@/lib/call-function');
  const page = await callFunction('ledger-checkpoints', { fromSeq, limit: 500 });
  // Entries come with every page that names fromSeq.
  return { keys: page.keys, entries: page.entries ?? [] };
}
