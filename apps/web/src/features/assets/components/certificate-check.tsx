// "Check a certificate": pick the PDF; the browser recomputes its ledger proof against the public
// chain and the signed checkpoint. Nothing is uploaded.
import { lazy, Suspense, useState } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { toAppError } from '@/lib/api-error';
import { fetchLedgerPage } from '../api/ledger-page';
import {
  checkCertificate,
  extractProof,
  type CertificateCheck,
  type CertificateProof,
} from '../lib/certificate-verify';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';
import type { ProofBundle } from '@tagledger/verify';
import { checkCertificateBundle } from '../lib/log-check';

// Loaded with the first certificate that carries a log proof.
const LogProofCheck = lazy(() => import('./log-proof-check').then((m) => ({ default: m.LogProofCheck })));

const LABELS: [keyof Omit<CertificateCheck, 'ok'>, string][] = [
  ['entryRecomputes', /*i18n*/ 'The ledger entry on the certificate recomputes'],
  ['entryInLedger', /*i18n*/ 'The entry is in the published ledger, unchanged'],
  ['chainReachesCheckpoint', /*i18n*/ 'The chain links it to a signed checkpoint'],
  ['signatureValid', /*i18n*/ "The checkpoint's signature is valid"],
];

export function CertificateCheckForm() {
  // The verify page arrives prerendered and starts the app after its first paint: a file chosen before
  // then is handed to onChange once the app has started (lib/early-actions.ts).
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'error'; message: string }
    | { kind: 'done'; proof: CertificateProof; check: CertificateCheck }
    | { kind: 'log'; bundle: ProofBundle; check: () => ReturnType<typeof checkCertificateBundle> }
  >({ kind: 'idle' });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setState({ kind: 'busy' });
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      // A certificate from the transparency log era carries a whole proof bundle: checked with no
      // help from us, then against the log as it is today.
      const { bundleFromPdf } = await import('@tagledger/verify');
      const bundle = (() => {
        try {
          return bundleFromPdf(bytes);
        } catch {
          return null;
        }
      })();
      if (bundle) {
        setState({ kind: 'log', bundle, check: () => checkCertificateBundle(bundle) });
        return;
      }
      const proof = extractProof(bytes);
      if (!proof) {
        setState({
          kind: 'error',
          message: i18n._('This file is not a certificate issued here (no ledger proof found).'),
        });
        return;
      }
      setState({ kind: 'done', proof, check: await checkCertificate(proof, fetchLedgerPage) });
    } catch (err) {
      setState({ kind: 'error', message: toAppError(err).message });
    }
  };

  return (
    <div className="space-y-3 text-sm">
      <label className="block">
        <span className="mb-1 block text-slate-700">
          {i18n._('Choose a certificate (PDF). It is checked in your browser, not uploaded.')}
        </span>
        <input
          type="file"
          accept="application/pdf,.pdf"
          aria-label={i18n._('Certificate PDF')}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </label>
      {state.kind === 'busy' && <p role="status">{i18n._('Checking…')}</p>}
      {state.kind === 'error' && (
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
      )}
      {state.kind === 'log' && (
        <div data-testid="certificate-result" className="space-y-2">
          <Suspense fallback={<p role="status">{i18n._('Checking…')}</p>}>
            <LogProofCheck
              check={state.check}
              headline={{
                verified: i18n._('Certificate verified'),
                failed: i18n._('Certificate could not be verified'),
              }}
            />
          </Suspense>
          {state.bundle.serial_number && (
            <Link className="text-blue-700 hover:underline" to={paths.verify(state.bundle.serial_number)}>
              {i18n._('current status of')} {state.bundle.serial_number}
            </Link>
          )}
        </div>
      )}
      {state.kind === 'done' && (
        <div role="status" data-testid="certificate-result" className="space-y-2">
          <p className={`font-semibold ${state.check.ok ? 'text-green-700' : 'text-red-700'}`}>
            {state.check.ok ? i18n._('Certificate verified') : i18n._('Certificate could not be verified')}
          </p>
          <ul className="space-y-1">
            {LABELS.map(([key, label]) => (
              <li key={key} className="flex items-center gap-2">
                {state.check[key] ? (
                  <CheckCircle2 className="h-4 w-4 text-green-700" aria-label={i18n._('yes')} />
                ) : (
                  <XCircle className="h-4 w-4 text-red-700" aria-label={i18n._('no')} />
                )}
                {i18n._(label)}
              </li>
            ))}
          </ul>
          <p className="text-slate-600">
            {i18n._('Ledger position #')}
            {state.proof.seq}
            {state.proof.serial_number && (
              <>
                {' · '}
                <Link className="text-blue-700 hover:underline" to={paths.verify(state.proof.serial_number)}>
                  {i18n._('current status of')} {state.proof.serial_number}
                </Link>
              </>
            )}
          </p>
        </div>
      )}
    </div>
  );
}
