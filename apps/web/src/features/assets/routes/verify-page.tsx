// /verify/:serialNumber — public serial check: registered or not, since when, kind and title as
// shared, lost/stolen warning, and the ledger proof. Never the owner's identity. One function call
// (verdict and unit scan together) and no third-party requests, so it is quick on a phone. Results
// carry a `source` so business products can be listed here too.
//
// The page arrives as a prerendered frame (issue 18, docs/decisions/0136): the same HTML for every
// serial, so the server never writes the serial into HTML. Until hydration is done the page renders
// exactly that frame — no serial, the verdict's skeleton — and fills both in afterwards, in boxes
// whose height is reserved so nothing below moves.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AlertTriangle, CheckCircle2, HelpCircle, Search } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useHydrated } from '@/lib/use-hydrated';
import type { VerifyMatch } from '../api/types';
import { requestCheckpoint, useSerialCheck } from '../api/verify-serial';
import { CertificateCheckForm } from '../components/certificate-check';
import { ContactOwnerForm } from '../components/contact-owner-form';
import { ProofPanel } from '../components/proof-panel';
import { checkLiveBundle } from '../lib/log-check';
import type { LogVerdict } from '../components/log-proof-check';
import { i18n } from '@/lib/i18n/i18n';
import { assetKindLabel, assetReportedByOwner } from '@/lib/labels/assets';
import { formatDate } from '@/lib/i18n/format';
import { paths } from '@/config/paths';

// A unit's scan view builds its picture URLs with supabase-js, which the frame does not load before
// its request; it comes with the answer that needs it (the answer itself needed supabase-js).
const loadScanResult = () => import('../components/scan-result');
const ScanResult = lazy(() => loadScanResult().then((m) => ({ default: m.ScanResult })));
// The log proof's check and its QR code come with the answer that carries a proof, not with the frame.
const LogProofCheck = lazy(() => import('../components/log-proof-check').then((m) => ({ default: m.LogProofCheck })));
const ProofBundleQr = lazy(() => import('../components/proof-bundle-qr').then((m) => ({ default: m.ProofBundleQr })));

export default function VerifyPage() {
  const { serialNumber = '' } = useParams();
  const serial = decodeURIComponent(serialNumber);
  const navigate = useNavigate();
  const [next, setNext] = useState('');
  const hydrated = useHydrated();
  const { state, retry, refreshVerdict } = useSerialCheck(serial);
  const data = state.status === 'done' ? state.data : null;
  // A business unit's label may point here (/verify/{serial}); its scan shows above the assets.
  const unit = data?.unit ?? null;
  const unitShown = Boolean(unit?.found || unit?.ambiguous);
  const verdict = data?.verdict;
  // A fresh entry may not be covered by a signed checkpoint yet: ask for one, once, then re-check.
  const asked = useRef('');
  const uncovered = verdict?.matches.some((m) => m.proof && !m.proof.checkpoint) ?? false;
  useEffect(() => {
    if (!uncovered || asked.current === serial) return;
    asked.current = serial;
    void requestCheckpoint()
      .then(refreshVerdict)
      .catch(() => undefined);
  }, [uncovered, serial, refreshVerdict]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <PageMeta
        title={hydrated ? i18n._('Check {serial}', { serial }) : i18n._('Serial number check')}
        description={i18n._('Check whether a serial number is registered and whether it is reported lost or stolen.')}
      />
      <h1 className="text-xl font-semibold text-slate-900">{i18n._('Serial number check')}</h1>
      {/* One line reserved (long serials wrap later, below the fold of the frame's paint). */}
      <p className="mt-1 min-h-7 break-all font-mono text-lg text-slate-800" data-testid="verify-serial">
        {hydrated ? serial : null}
      </p>

      {/* What the page does, in the frame's HTML: it paints at once and stays the largest text, so
          the answer filling in below does not become a later "largest paint". */}
      <p className="mt-2 text-base text-slate-700">
        {i18n._(
          "Anyone can check here whether a serial number is registered and whether its owner has reported it lost or stolen. The owner's identity is never shown, and we do not record who checks.",
        )}
      </p>

      {/* Reserved: the tallest common verdict (a registered match) fits, so the form below stays put. */}
      <div className="mt-4 min-h-[22rem]" data-testid="verify-verdict">
        {unitShown && unit ? (
          <Card className="mb-4" data-testid="verify-unit">
            <CardContent>
              <Suspense fallback={<Spinner label={i18n._('Checking...')} />}>
                <ScanResult page={unit} />
              </Suspense>
            </CardContent>
          </Card>
        ) : null}
        {!hydrated || state.status === 'loading' ? (
          <VerdictSkeleton />
        ) : state.status === 'error' ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {toAppError(state.error).message}
            <Button variant="link" onClick={retry}>
              {i18n._('Try again')}
            </Button>
          </div>
        ) : !verdict?.registered && unitShown ? null : !verdict?.registered ? (
          <Card>
            <CardContent className="flex gap-3">
              <HelpCircle className="h-8 w-8 shrink-0 text-slate-500" aria-hidden="true" />
              <div>
                <p className="font-semibold text-slate-900" data-testid="verify-status">
                  {i18n._('Not registered')}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {i18n._(
                    'No asset with this serial number is registered here. That does not mean it is stolen or fake, only that nobody has registered it.',
                  )}
                </p>
              </div>
            </CardContent>
          </Card>
        ) : (
          <div className="space-y-4">
            {verdict.matches.map((m) => (
              <MatchCard key={m.asset_id} match={m} bundle={data?.proofs[m.asset_id]} />
            ))}
          </div>
        )}
      </div>

      <form
        className="mt-8 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (next.trim()) navigate(paths.verify(next.trim()));
        }}
      >
        <Input
          aria-label={i18n._('Another serial number')}
          placeholder={i18n._('Check another serial number')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          maxLength={100}
        />
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden="true" /> {i18n._('Check')}
        </Button>
      </form>

      <details className="mt-6">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          {i18n._('Check an ownership certificate')}
        </summary>
        <div className="mt-3">
          <CertificateCheckForm />
        </div>
      </details>

      <details className="mt-4 text-sm text-slate-600">
        <summary className="cursor-pointer font-medium text-slate-800">{i18n._('How this check works')}</summary>
        <p className="mt-2">
          {i18n._(
            "Owners register assets with their serial numbers. Each registration and change is an entry in a tamper-evident ledger: its SHA-256 hash covers the record and the previous entry, and the chain's head is regularly signed with our server key. The check recomputes this asset's entry and compares it with the stored record. It is a signed ledger kept by us, not a public blockchain. The owner's identity is never shown, and we do not record who checks.",
          )}
        </p>
      </details>
    </div>
  );
}

/** The verdict's place while it loads: a card-sized box, in the frame's HTML too. */
function VerdictSkeleton() {
  return (
    <div className="flex h-32 items-center justify-center rounded-lg border border-slate-200 bg-slate-50">
      <Spinner label={i18n._('Checking...')} showLabel />
    </div>
  );
}

/** Loaded on the first send: the contact API pulls the query library, which the check itself does not need. */
const sendContactMessage: ComponentProps<typeof ContactOwnerForm>['onSend'] = (...args) =>
  import('../api/contact-owner').then((m) => m.sendContactMessage(...args));

/** The log check's verdict in a box of fixed size, so the summary line never changes height. */
function LogVerdictMark({ verdict }: { verdict: LogVerdict }) {
  const box = 'ml-1 inline-flex h-5 w-5 items-center justify-center align-text-bottom';
  if (verdict === 'busy')
    return (
      <span className={box}>
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-blue-600 border-t-transparent"
        />
        <span className="sr-only">{i18n._('(checking)')}</span>
      </span>
    );
  return verdict === 'verified' ? (
    <span className={box} data-testid="log-verdict-mark" data-verified="yes">
      <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />
      <span className="sr-only">{i18n._('(verified in your browser)')}</span>
    </span>
  ) : (
    <span className={box} data-testid="log-verdict-mark" data-verified="no">
      <AlertTriangle className="h-5 w-5 text-red-700" aria-hidden="true" />
      <span className="sr-only">{i18n._('(did NOT verify)')}</span>
    </span>
  );
}

export function MatchCard({ match: m, bundle }: { match: VerifyMatch; bundle: unknown }) {
  const [contact, setContact] = useState(false);
  const [logVerdict, setLogVerdict] = useState<LogVerdict>('busy');
  const checkBundle = useCallback(() => checkLiveBundle(bundle), [bundle]);
  const flagged = m.status !== 'active';
  return (
    <Card className={flagged ? 'border-red-300' : ''}>
      <CardContent className="space-y-4">
        {flagged ? (
          <div role="alert" className="flex gap-3 rounded-md bg-red-50 p-3 text-red-800" data-testid="verify-warning">
            <AlertTriangle className="h-7 w-7 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">{assetReportedByOwner(m.status)}</p>
              <p className="text-sm">
                {m.status_changed_at ? i18n._('Since {value}. ', { value: formatDate(m.status_changed_at) }) : ''}
                {i18n._('Do not buy this item. If you have found it, contact the owner below.')}
              </p>
            </div>
          </div>
        ) : (
          <div className="flex gap-3 text-green-800">
            <CheckCircle2 className="h-7 w-7 shrink-0" aria-hidden="true" />
            <p className="font-semibold" data-testid="verify-status">
              {i18n._('Registered, not reported lost or stolen')}
            </p>
          </div>
        )}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs text-slate-500">{i18n._('Registered since')}</dt>
            <dd>{formatDate(m.registered_at)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{i18n._('Kind')}</dt>
            <dd>{assetKindLabel(m.kind)}</dd>
          </div>
          {m.transferred_at ? (
            <div>
              <dt className="text-xs text-slate-500">{i18n._('Ownership')}</dt>
              <dd data-testid="verify-transferred">
                {i18n._('transferred on')} {formatDate(m.transferred_at)}
              </dd>
            </div>
          ) : null}
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">{i18n._('Title')}</dt>
            <dd>{m.title ?? <span className="text-slate-500">{i18n._('Kept private by the owner')}</span>}</dd>
          </div>
          {(m.make || m.model) && (
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">{i18n._('Make / model')}</dt>
              <dd>{[m.make, m.model].filter(Boolean).join(' ')}</dd>
            </div>
          )}
        </dl>
        {m.is_public && (
          <Link to={paths.publicAsset(m.asset_id)} className="text-sm text-blue-700 hover:underline">
            {i18n._('See the public page')}
          </Link>
        )}
        {m.proof && (
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-800">{i18n._('Ledger proof')}</summary>
            <div className="mt-3">
              <ProofPanel proof={m.proof} />
            </div>
          </details>
        )}
        {bundle ? (
          // Closed, with the check's verdict as a mark of fixed size beside its title: the check runs at
          // once, and its steps (several lines) open on request instead of pushing the page down when
          // they arrive (a layout shift).
          <details data-testid="log-proof-details">
            <summary className="cursor-pointer text-sm font-medium text-slate-800">
              {i18n._('Proof in the public log')} <LogVerdictMark verdict={logVerdict} />
            </summary>
            <div className="mt-3 space-y-3">
              <Suspense fallback={<Spinner label={i18n._('Checking...')} />}>
                <LogProofCheck check={checkBundle} onVerdict={setLogVerdict} />
              </Suspense>
              <details>
                <summary className="cursor-pointer text-sm text-slate-800">
                  {i18n._('Keep this proof (QR code)')}
                </summary>
                <div className="mt-2">
                  <Suspense fallback={null}>
                    <ProofBundleQr bundle={bundle} name={`proof-${m.asset_id.slice(0, 8)}`} />
                  </Suspense>
                </div>
              </details>
            </div>
          </details>
        ) : null}
        {contact ? (
          <ContactOwnerForm assetId={m.asset_id} onSend={sendContactMessage} />
        ) : (
          <Button variant="outline" onClick={() => setContact(true)}>
            {i18n._('Contact the owner')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
