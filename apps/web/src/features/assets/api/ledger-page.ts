// The public chain and keys from the ledger-checkpoints function (hash-only entries).
import type { PublicLedgerPage } from '../lib/certificate-verify';
import { callFunction } from '@/lib/call-function';

export async function fetchLedgerPage(fromSeq: number): Promise<PublicLedgerPage> {
  const page = await callFunction('ledger-checkpoints', { fromSeq, limit: 500 });
  // Entries come with every page that names fromSeq.
  return { keys: page.keys, entries: page.entries ?? [] };
}
