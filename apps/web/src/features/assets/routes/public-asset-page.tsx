// /public-assets/:id — the public view of one asset (only shared fields) with its ledger proof.
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePublicAsset } from '../api/public-assets';
import { AssetLoading, AssetUnavailable } from '../components/asset-load-state';
import { KindBadge, StatusBadge } from '../components/badges';
import { DetailsCard, type DetailRow } from '../components/details-card';
import { MediaViewer } from '../components/media-viewer';
import { ProofPanel } from '../components/proof-panel';
import { ReportButton } from '../components/report-button';
import { reportContent } from '../api/report-content';
import { formatMoney } from '../lib/labels';
import { i18n } from '@/lib/i18n/i18n';
import { ownerReportedAsset } from '@/lib/labels/assets';
import { useHydrated } from '@/lib/use-hydrated';
import { formatDate } from '@/lib/i18n/format';
import { paths } from '@/config/paths';

export default function PublicAssetPage() {
  const { id = '' } = useParams();
  const hydrated = useHydrated();
  // The asset and its files' URLs come in one request.
  const asset = usePublicAsset(id);
  // The prerendered frame (same HTML for every id, docs/decisions/0136) is this loading view; the
  // hydrating render must match it, so it shows until hydration is done, whatever the cache holds.
  // A screen tall: the footer starts below the first screen, so the asset filling in moves nothing
  // in view; the back link sits where the loaded page has it.
  if (!hydrated || asset.isLoading)
    return (
      <div className="mx-auto min-h-screen max-w-5xl px-4 py-8">
        <PageMeta title={i18n._('Public asset')} />
        <BackToList />
        <AssetLoading />
      </div>
    );
  if (asset.isError || !asset.data) {
    return (
      <AssetUnavailable
        title={i18n._('Asset not available')}
        error={asset.error}
        backTo={paths.publicAssets}
        backLabel={i18n._('Public Assets')}
      />
    );
  }
  const a = asset.data.asset;
  const rows: DetailRow[] = [
    [i18n._('Description'), a.description],
    [i18n._('Tags'), a.tags.join(', ')],
    [i18n._('Serial number'), a.serial_number],
    [i18n._('Make / model'), [a.make, a.model].filter(Boolean).join(' ')],
    [i18n._('URL'), a.asset_url],
    [i18n._('Chain'), a.chain],
    [i18n._('Contract'), a.contract_address],
    [i18n._('Token id'), a.token_id],
    [i18n._('SKU'), a.sku],
    [i18n._('Estimated value'), formatMoney(a.estimated_value, a.currency)],
    [i18n._('Location'), a.location],
    [i18n._('Registered'), formatDate(a.created_at)],
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageMeta title={a.title} />
      <BackToList />
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{a.title}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-1">
        <KindBadge kind={a.kind} />
        <StatusBadge status={a.status} />
        <span className="ml-auto">
          <ReportButton
            subject={{ target: 'asset', assetId: a.id }}
            label={i18n._('Report')}
            onReport={reportContent}
          />
        </span>
      </div>
      {a.status !== 'active' && (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {ownerReportedAsset(a.status)}
        </p>
      )}
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-[3fr_2fr]">
        <Card>
          <CardContent>
            <MediaViewer media={a.media} urls={asset.data.urls} loading={false} />
          </CardContent>
        </Card>
        <DetailsCard rows={rows}>
          {a.serial_number && (
            <Link to={paths.verify(a.serial_number)} className={buttonClasses('link', 'md', 'mt-3')}>
              {i18n._('Check this serial number')}
            </Link>
          )}
        </DetailsCard>
      </div>
      {a.proof && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>{i18n._('Ledger proof')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ProofPanel proof={a.proof} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function BackToList() {
  return (
    <Link to={paths.publicAssets} className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {i18n._('Public Assets')}
    </Link>
  );
}
