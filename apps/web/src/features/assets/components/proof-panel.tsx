// The ledger proof of one asset: chain position, hashes, integrity, and the covering checkpoint.
import { IntegrityVerdict } from '@/components/integrity-verdict';
import type { LedgerProof } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { assetEventLabel } from '@/lib/labels/assets';

function Row({ label, value, mono = true }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`break-all text-sm text-slate-900 ${mono ? 'font-mono text-xs' : ''}`}>{value}</dd>
    </div>
  );
}

export function ProofPanel({ proof }: { proof: LedgerProof }) {
  return (
    <div className="space-y-3">
      <IntegrityVerdict proof={proof} className="items-center" data-testid="proof-integrity" />
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Row label={i18n._('Chain position')} value={`#${proof.seq} (${assetEventLabel(proof.event)})`} mono={false} />
        <Row label={i18n._('Recorded at (UTC)')} value={proof.created_at} />
        <Row label={i18n._('Record hash (SHA-256)')} value={proof.record_hash} />
        <Row label={i18n._('Entry hash')} value={proof.entry_hash} />
        <Row label={i18n._('Previous entry hash')} value={proof.prev_hash} />
        {proof.checkpoint ? (
          <Row
            label={i18n._('Signed checkpoint')}
            value={`#${proof.checkpoint.seq}, signed ${proof.checkpoint.signed_at} (key ${proof.checkpoint.key_id.slice(0, 12)}…)`}
          />
        ) : (
          <Row
            label={i18n._('Signed checkpoint')}
            value={i18n._('Not yet covered: checkpoints are signed on demand, at most once a minute.')}
            mono={false}
          />
        )}
      </dl>
      <p className="text-xs text-slate-500">
        {i18n._(
          "A tamper-evident ledger: each entry's hash covers the previous one, and checkpoints of the chain are signed with our server key. It is not a public blockchain.",
        )}
      </p>
    </div>
  );
}
