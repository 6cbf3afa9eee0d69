// /01/:gtin/21/:serial — the page a unit's QR label opens (GS1 Digital Link form). One call to
// scan-unit records the scan and answers with what ScanResult shows. No personal data.
import { useParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { useUnitScan } from '../api/scan-unit';
import { ScanResult } from '../components/scan-result';
import { ReportButton } from '../components/report-button';
import { reportContent } from '../api/report-content';
import { i18n } from '@/lib/i18n/i18n';

export default function UnitScanPage() {
  const { gtin = '', serial = '' } = useParams();
  const { page, error } = useUnitScan(gtin, serial);
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <PageMeta
        title={i18n._('Check {serial}', { serial })}
        description={i18n._('Check that a branded product is genuine.')}
      />
      <h1 className="text-xl font-semibold text-slate-900">{i18n._('Product check')}</h1>
      <p className="mt-1 break-all font-mono text-lg text-slate-800" data-testid="unit-serial">
        {serial}
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
            {page.brand ? (
              <ReportButton
                subject={{ target: 'product', gtin, serial }}
                label={i18n._('Report a suspicious product')}
                onReport={reportContent}
              />
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}
