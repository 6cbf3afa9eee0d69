// An asset's place in the ledger: the proof of its latest entry (checked by the server, with the
// signed checkpoint that covers it) and its history of events, newest first.
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { i18n } from '@/lib/i18n/i18n';
import { assetEventLabel } from '@/lib/labels/assets';
import { formatDateTime } from '@/lib/i18n/format';
import { useAssetLedger, useAssetProof } from '../api/get-asset';
import { shortHash } from '../lib/labels';
import { ProofPanel } from './proof-panel';

export function AssetLedgerCards({ assetId }: { assetId: string }) {
  const ledger = useAssetLedger(assetId);
  const proof = useAssetProof(assetId);
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{i18n._('Ledger proof')}</CardTitle>
        </CardHeader>
        <CardContent>
          {proof.isLoading ? (
            <Spinner />
          ) : proof.data ? (
            <ProofPanel proof={proof.data} />
          ) : (
            <p className="text-sm text-slate-600">{i18n._('No proof available.')}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{i18n._('History')}</CardTitle>
        </CardHeader>
        <CardContent>
          {ledger.isLoading ? (
            <Spinner />
          ) : (
            <ol className="space-y-2" aria-label={i18n._('History')}>
              {(ledger.data ?? []).map((e) => (
                <li key={e.seq} className="flex justify-between gap-3 text-sm">
                  <span className="font-medium text-slate-900">{assetEventLabel(e.event)}</span>
                  <span className="text-right text-xs text-slate-500">
                    {formatDateTime(e.created_at)} · #{e.seq} ·{' '}
                    <span className="font-mono">{shortHash(e.entry_hash)}</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
