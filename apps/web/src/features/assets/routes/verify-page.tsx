// /verify/:serialNumber — public serial check: registered or not, since when, kind and title as
// shared, lost/stolen warning, and the ledger proof. Never the owner's identity. One rpc call and
// no third-party requests, so it is quick on a phone. Results carry a `source` so business
// products can be listed here too.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AlertTriangle, CheckCircle2, HelpCircle, Search } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import type { VerifyMatch } from '../api/types';
import { requestCheckpoint, useVerifySerial } from '../api/verify-serial';
import { CertificateCheckForm } from '../components/certificate-check';
import { sendContactMessage } from '../api/contact-owner';
import { ContactOwnerForm } from '../components/contact-owner-form';
import { ProofPanel } from '../components/proof-panel';
import { KIND_LABELS } from '../lib/labels';
import { useUnitScan } from '../api/scan-unit';
import { ScanResult } from '../components/scan-result';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { paths } from '@/config/paths';

export default function VerifyPage() {
  const { serialNumber = '' } = useParams();
  const serial = decodeURIComponent(serialNumber);
  const navigate = useNavigate();
  const [next, setNext] = useState('');
  const result = useVerifySerial(serial);
  // A business unit's label may point here (/verify/{serial}); its scan shows above the assets.
  // Serials that are not unit serials (spaces, long) are asset-only and not sent.
  const unitSerial = /^[A-Za-z0-9._-]{1,64}$/.test(serial) ? serial : '';
  const unit = useUnitScan(null, unitSerial);
  const unitShown = Boolean(unitSerial && (unit.page?.found || unit.page?.ambiguous));
  // A fresh entry may not be covered by a signed checkpoint yet: ask for one, once, then re-check.
  const asked = useRef('');
  const uncovered = result.data?.matches.some((m) => m.proof && !m.proof.checkpoint) ?? false;
  const { refetch } = result;
  useEffect(() => {
    if (!uncovered || asked.current === serial) return;
    asked.current = serial;
    void requestCheckpoint()
      .then(() => refetch())
      .catch(() => undefined);
  }, [uncovered, serial, refetch]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <PageMeta
        title={i18n._('Check {serial}', { serial })}
        description={i18n._('Check whether a serial number is registered and whether it is reported lost or stolen.')}
      />
      <h1 className="text-xl font-semibold text-slate-900">{i18n._('Serial number check')}</h1>
      <p className="mt-1 break-all font-mono text-lg text-slate-800" data-testid="verify-serial">
        {serial}
      </p>

      {unitShown && unit.page ? (
        <Card className="mt-4" data-testid="verify-unit">
          <CardContent>
            <ScanResult page={unit.page} />
          </CardContent>
        </Card>
      ) : null}

      <div className="mt-4">
        {result.isLoading ? (
          <div className="flex justify-center py-10">
            <Spinner label={i18n._('Checking...')} showLabel />
          </div>
        ) : result.isError ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {toAppError(result.error).message}
            <Button variant="link" onClick={() => void result.refetch()}>
              {i18n._('Try again')}
            </Button>
          </div>
        ) : !result.data?.registered && unitShown ? null : !result.data?.registered ? (
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
            {result.data.matches.map((m) => (
              <MatchCard key={m.asset_id} match={m} />
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

function MatchCard({ match: m }: { match: VerifyMatch }) {
  const [contact, setContact] = useState(false);
  const flagged = m.status !== 'active';
  return (
    <Card className={flagged ? 'border-red-300' : ''}>
      <CardContent className="space-y-4">
        {flagged ? (
          <div role="alert" className="flex gap-3 rounded-md bg-red-50 p-3 text-red-800" data-testid="verify-warning">
            <AlertTriangle className="h-7 w-7 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">
                {i18n._('Reported')} {m.status} {i18n._('by its owner')}
              </p>
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
            <dd>{KIND_LABELS[m.kind]}</dd>
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
