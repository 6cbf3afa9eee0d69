// The public log proof of an entry, checked in this browser (lib/log-check.ts), said in words: what
// was checked and against which keys, or the check that failed and why.
import { useEffect, useState } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { FailureCode, Step, VerifyReport } from '@tagledger/verify';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';
import type { LogCheck } from '../lib/log-check';

type Detail = Record<string, string | number>;

function stepLine(step: Step, r: VerifyReport): string {
  const entry = r.entry!;
  const cp = r.checkpoint!;
  switch (step) {
    case 'entry':
      return i18n._('Entry #{seq} ({event}) recomputes to its recorded hash.', { seq: entry.seq, event: entry.event });
    case 'inclusion':
      return i18n._(
        "It is leaf {leaf} of the public log's tree of {size, plural, one {# entry} other {# entries}}, shown by an inclusion proof of {hashes, plural, one {# hash} other {# hashes}}.",
        { leaf: entry.seq - 1, size: cp.size, hashes: r.proofLength ?? 0 },
      );
    case 'signature':
      return i18n._('The tree head is signed by the log key {key}.', { key: r.logKey ?? '' });
    case 'cosignatures':
      return r.cosigners.length
        ? i18n._(
            'Cosigned by {count, plural, one {# independent witness} other {# independent witnesses}} ({names}); {quorum} required.',
            { count: r.cosigners.length, names: r.cosigners.map((c) => c.name).join(', '), quorum: r.quorum },
          )
        : i18n._('This log names no witnesses, so no cosignature was required.');
    case 'timestamp':
      return i18n._('Timestamped by {authority} on {date} (RFC 3161).', {
        authority: r.timestamp?.authority ?? '',
        date: formatDateTime(r.timestamp?.time ?? 0),
      });
    case 'history':
      return r.history === 'first'
        ? i18n._('This browser had not checked this log before; it keeps this checkpoint to compare with next time.')
        : r.history === 'extends'
          ? i18n._('It extends the checkpoint this browser saw before (consistency proof checked).')
          : r.history === 'older'
            ? i18n._('It is older than the newest checkpoint this browser has seen, as a certificate made earlier is.')
            : r.history === 'unproven'
              ? i18n._('This browser saw a newer checkpoint before; how this one leads to it is not proven here.')
              : i18n._('It is the same checkpoint this browser saw last time.');
  }
}

export function failureLine(code: FailureCode, d: Detail): string {
  switch (code) {
    case 'malformed':
      return i18n._('The proof cannot be read ({reason}).', { reason: String(d.reason ?? '') });
    case 'bad_keys':
      return i18n._('The log keys cannot be read ({reason}).', { reason: String(d.reason ?? '') });
    case 'entry_hash_mismatch':
      return i18n._('Entry #{seq} was changed: its fields no longer give its recorded hash.', { seq: d.seq ?? '' });
    case 'not_included':
      return i18n._(
        'Entry #{seq} is not in the log: its inclusion proof does not lead to the signed tree of {size} entries (a rewritten or dropped entry).',
        { seq: d.seq ?? '', size: d.size ?? '' },
      );
    case 'origin_mismatch':
      return i18n._('The checkpoint belongs to another log ({origin}).', { origin: String(d.origin ?? '') });
    case 'unknown_log_key':
      return i18n._('The checkpoint is not signed by the log key this browser trusts (signed by {signers}).', {
        signers: String(d.signers ?? ''),
      });
    case 'bad_log_signature':
      return i18n._("The log key's signature on the checkpoint does not verify.");
    case 'bad_cosignature':
      return i18n._(
        'Witness {witness} did not cosign this tree: its cosignature does not verify (the log may have shown witnesses another tree).',
        { witness: String(d.witness ?? '') },
      );
    case 'witness_quorum':
      return i18n._('Only {found} of the {quorum} required witnesses cosigned this checkpoint.', {
        found: d.found ?? 0,
        quorum: d.quorum ?? 0,
      });
    case 'timestamp_missing':
      return i18n._('The checkpoint has no timestamp from a time-stamping authority.');
    case 'timestamp_malformed':
    case 'timestamp_invalid':
      return i18n._("The timestamp's signature does not verify.");
    case 'timestamp_mismatch':
      return i18n._('The timestamp is for other data than this checkpoint.');
    case 'timestamp_untrusted':
      return i18n._('The timestamp is not from a trusted time-stamping authority.');
    case 'fork':
      return i18n._(
        'Fork: the log shows a tree of {size} entries that differs from the tree of the same size this browser saw before.',
        { size: d.size ?? '' },
      );
    case 'rollback':
      return i18n._(
        'Rollback: the log shows {size} entries, but this browser already saw a checkpoint of {seen} entries.',
        { size: d.size ?? '', seen: d.seen ?? '' },
      );
    case 'inconsistent':
      return i18n._(
        'The log of {size} entries does not extend the checkpoint of {from} entries seen before: entries were rewritten or dropped.',
        { size: d.size ?? '', from: d.from ?? '' },
      );
  }
}

function ReportView({ report, testId }: { report: VerifyReport; testId: string }) {
  return (
    <ul className="space-y-1" data-testid={testId}>
      {report.passed.map((step) => (
        <li key={step} className="flex gap-2">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-label={i18n._('checked')} />
          <span className="break-words [overflow-wrap:anywhere]">{stepLine(step, report)}</span>
        </li>
      ))}
      {report.failure && (
        <li className="flex gap-2 text-red-800" data-failure={report.failure.code}>
          <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-label={i18n._('failed')} />
          <span className="break-words [overflow-wrap:anywhere]">
            {failureLine(report.failure.code, report.failure.detail)}
          </span>
        </li>
      )}
    </ul>
  );
}

/** Runs `check` once and shows its verdict (`headline` words it for what is checked, e.g. a certificate). */
export type LogVerdict = 'busy' | 'verified' | 'failed';

export function LogProofCheck({
  check,
  headline,
  onVerdict,
}: {
  check: () => Promise<LogCheck & { today?: VerifyReport }>;
  headline?: { verified: string; failed: string };
  /** Told the check's outcome (a page may show it where the steps are not in view). */
  onVerdict?(verdict: LogVerdict): void;
}) {
  const [state, setState] = useState<
    | { kind: 'busy' }
    | { kind: 'error'; message: string }
    | { kind: 'done'; result: LogCheck & { today?: VerifyReport } }
  >({ kind: 'busy' });
  useEffect(() => {
    let live = true;
    check().then(
      (result) => {
        if (!live) return;
        setState({ kind: 'done', result });
        onVerdict?.(result.report.ok && (result.today?.ok ?? true) ? 'verified' : 'failed');
      },
      (err: unknown) => {
        if (!live) return;
        setState({ kind: 'error', message: toAppError(err).message });
        onVerdict?.('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [check, onVerdict]);

  if (state.kind === 'busy') return <Spinner label={i18n._('Checking the proof in your browser...')} showLabel />;
  if (state.kind === 'error') {
    return (
      <p role="alert" className="text-sm text-red-800">
        {state.message}
      </p>
    );
  }
  const { report, keys, keysChanged, today } = state.result;
  const ok = report.ok && (today?.ok ?? true);
  return (
    <div className="space-y-2 text-sm" role="status" data-testid="log-proof" data-verified={ok ? 'yes' : 'no'}>
      <p className={`font-semibold ${ok ? 'text-green-800' : 'text-red-800'}`}>
        {ok
          ? (headline?.verified ?? i18n._('Verified in your browser against the public log'))
          : (headline?.failed ?? i18n._('The public log proof did NOT verify'))}
      </p>
      <ReportView report={report} testId="log-proof-steps" />
      {today && report.ok ? (
        today.ok ? (
          <p className="text-green-800">
            {i18n._(
              "The log today still holds this entry, in a tree of {size} entries that extends the certificate's checkpoint.",
              { size: today.checkpoint?.size ?? 0 },
            )}
          </p>
        ) : (
          <div>
            <p className="font-medium text-red-800">{i18n._('Checked against the log as it is today:')}</p>
            <ReportView report={today} testId="log-proof-today" />
          </div>
        )
      ) : null}
      <p className="break-words text-xs text-slate-600 [overflow-wrap:anywhere]">
        {i18n._(
          'Checked with the log key {key} and {count, plural, =0 {no witness keys} one {# witness key} other {# witness keys}}, kept by this browser since its first check.',
          { key: keys.log[0] ?? '', count: keys.witnesses.length },
        )}
      </p>
      {keysChanged && (
        <p role="alert" className="text-xs font-medium text-red-800">
          {i18n._(
            'Warning: this site now publishes other keys than the ones this browser kept. The check used the kept keys.',
          )}
        </p>
      )}
    </div>
  );
}
