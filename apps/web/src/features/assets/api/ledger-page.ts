// The public chain and keys from the ledger-checkpoints function (hash-only entries).
import type { PublicLedgerPage } from '../lib/certificate-verify';
import { callFunction } from './call-function';

export function fetchLedgerPage(fromSeq: number): Promise<PublicLedgerPage> {
  return callFunction<PublicLedgerPage>('ledger-checkpoints', { fromSeq, limit: 500 });
}
