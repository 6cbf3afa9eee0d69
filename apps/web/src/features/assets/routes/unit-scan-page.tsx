// /01/… — the page a unit's QR label opens: a GS1 Digital Link (decision 0140), read as the standard
// writes it: the GTIN in 8 to 14 digits (compared in 14), a variant and a batch before the serial,
// attributes in the query string, percent-encoding. With a serial, one call to scan-unit records
// the scan and answers with what ScanResult shows (no personal data). Without one, the link names a
// product or a batch, not an item: the visitor is asked for the item's serial. A GTIN with a wrong
// check digit is "not a valid barcode number" at once; GS1's other primary keys (/414/ a location,
// /00/ a shipping unit, …) are answered as not checked here — never as a copy.
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AlertTriangle, Info, Search } from 'lucide-react';
import { parseDigitalLink, type OtherPrimaryKey } from '@tagledger/functions-api';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n/i18n';
import { useUnitScan } from '../api/scan-unit';
import { ScanResult } from '../components/scan-result';
import { ReportButton } from '../components/report-button';
import { reportContent } from '../api/report-content';

/** What each of GS1's other primary keys identifies, for the "not supported" answer. */
const OTHER_KEYS: Record<OtherPrimaryKey | '235', string> = {
  '00': /*i18n*/ 'a shipping unit (SSCC)',
  '253': /*i18n*/ 'a document (GDTI)',
  '255': /*i18n*/ 'a coupon (GCN)',
  '401': /*i18n*/ 'a consignment (GINC)',
  '402': /*i18n*/ 'a shipment (GSIN)',
  '414': /*i18n*/ 'a place (GLN)',
  '417': /*i18n*/ 'an organisation (party GLN)',
  '8003': /*i18n*/ 'a returnable asset (GRAI)',
  '8004': /*i18n*/ 'an individual asset (GIAI)',
  '8006': /*i18n*/ 'one piece of a product (ITIP)',
  '8010': /*i18n*/ 'a component or part (CPID)',
  '8013': /*i18n*/ 'a product model (GMN)',
  '8017': /*i18n*/ 'a service provider (GSRN)',
  '8018': /*i18n*/ 'a service recipient (GSRN)',
  '235': /*i18n*/ 'an item serialised by a third party (TPX)',
};

/** Serials a report can name (the report form refuses others). */
const REPORTABLE_SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

function Notice({ tone, children, testId }: { tone: 'info' | 'error'; children: ReactNode; testId: string }) {
  const Icon = tone === 'error' ? AlertTriangle : Info;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={
        tone === 'error'
          ? 'flex gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800'
          : 'flex gap-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800'
      }
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1">{children}</div>
    </div>
  );
}

/** A product or batch link: the item's own serial is needed to check it. */
function SerialForm({ gtin }: { gtin: string }) {
  const navigate = useNavigate();
  const [serial, setSerial] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      className="mt-4 space-y-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const value = serial.trim();
        if (!value) {
          setError(i18n._('Enter the serial number printed on the item'));
          return;
        }
        void navigate(paths.unitScan(gtin, value));
      }}
    >
      <label htmlFor="unit-serial-input" className="block text-sm font-medium text-slate-800">
        {i18n._('Serial number of the item')}
      </label>
      <div className="flex gap-2">
        <Input
          id="unit-serial-input"
          value={serial}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'unit-serial-error' : undefined}
          onChange={(e) => {
            setSerial(e.target.value);
            setError('');
          }}
        />
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden="true" /> {i18n._('Check')}
        </Button>
      </div>
      {error ? (
        <p id="unit-serial-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function UnitCheck({ gtin, serial, lot }: { gtin: string; serial: string; lot: string | null }) {
  const { page, error } = useUnitScan(gtin, serial);
  return (
    <>
      <p className="mt-1 text-sm text-slate-600" data-testid="unit-gtin">
        {lot ? i18n._('GTIN {gtin} · batch {lot}', { gtin, lot }) : i18n._('GTIN {gtin}', { gtin })}
      </p>
      <div className="mt-4">
        {error ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {error}
          </div>
        ) : !page ? (
          <div className="flex justify-center py-10">
            <Spinner label={i18n._('Checking...')} showLabel />
          </div>
        ) : (
          <div className="space-y-6">
            <ScanResult page={page} />
            {page.brand && REPORTABLE_SERIAL.test(serial) ? (
              <ReportButton
                subject={{ target: 'product', gtin, serial }}
                label={i18n._('Report a suspicious product')}
                onReport={reportContent}
              />
            ) : null}
          </div>
        )}
      </div>
    </>
  );
}

export default function UnitScanPage() {
  const location = useLocation();
  const link = parseDigitalLink(`${location.pathname}${location.search}`);
  const serial = link.kind === 'gtin' ? link.serial : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <PageMeta
        title={serial ? i18n._('Check {serial}', { serial }) : i18n._('Product check')}
        description={i18n._('Check that a branded product is genuine.')}
      />
      <h1 className="text-xl font-semibold text-slate-900">{i18n._('Product check')}</h1>
      {serial ? (
        <p className="mt-1 break-all font-mono text-lg text-slate-800" data-testid="unit-serial">
          {serial}
        </p>
      ) : null}
      {link.kind === 'gtin' && serial ? (
        <UnitCheck key={`${link.gtin}/${serial}`} gtin={link.gtin} serial={serial} lot={link.lot} />
      ) : (
        <div className="mt-4">
          {link.kind === 'gtin' ? (
            <Notice tone="info" testId="unit-no-serial">
              <p className="font-medium">
                {link.lot
                  ? i18n._('This code names a batch of a product (GTIN {gtin}, batch {lot}), not one item.', {
                      gtin: link.gtin,
                      lot: link.lot,
                    })
                  : i18n._('This code names a product (GTIN {gtin}), not one item.', { gtin: link.gtin })}
              </p>
              <p>
                {i18n._(
                  'To check an item, scan the QR code on its own label, or enter the serial number printed on it.',
                )}
              </p>
            </Notice>
          ) : link.kind === 'invalid_gtin' ? (
            <Notice tone="error" testId="unit-invalid-gtin">
              <p className="font-medium">{i18n._('{value} is not a valid barcode number.', { value: link.value })}</p>
              <p>
                {i18n._(
                  'A GTIN has 8, 12, 13 or 14 digits and its last digit checks the others; this one does not add up. The code may be misprinted or misread: check the digits under the barcode.',
                )}
              </p>
            </Notice>
          ) : link.kind === 'unsupported' ? (
            <Notice tone="info" testId="unit-unsupported">
              <p className="font-medium">
                {i18n._(
                  'This GS1 code identifies {what}. This site checks products by their GTIN and serial number only, so it cannot check this code.',
                  {
                    what: i18n._(OTHER_KEYS[link.key]),
                  },
                )}
              </p>
              <p>{i18n._('This says nothing about whether the item is genuine.')}</p>
            </Notice>
          ) : (
            <Notice tone="error" testId="unit-invalid-link">
              <p className="font-medium">{i18n._('This address is not a GS1 Digital Link this site can read.')}</p>
              <p>
                {i18n._(
                  'A product link reads /01/ followed by the GTIN, then optionally /10/ and a batch, then /21/ and the serial number, in that order.',
                )}
              </p>
            </Notice>
          )}
          {link.kind === 'gtin' ? <SerialForm gtin={link.gtin} /> : null}
        </div>
      )}
    </div>
  );
}
