// /business-dashboard — the business's overview, from its catalogue: products, units by status and
// label scans in figures, the newest products with their unit counts, and the next step (the first
// product, then its units). Older business-kind assets are only pointed to: they live under My Assets.
import { DataTable } from '@/components/ui/data-table';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate, formatNumber } from '@/lib/i18n/format';
import { useBusinessOverview, type BusinessOverview } from '../api/overview';
import { BusinessNav } from '../components/business-nav';

function Stat({ label, value, detail, testId }: { label: string; value: number; detail?: string; testId: string }) {
  return (
    <Card>
      <CardContent>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-semibold text-slate-900" data-testid={testId}>
          {formatNumber(value)}
        </p>
        {detail && <p className="mt-1 text-xs text-slate-600">{detail}</p>}
      </CardContent>
    </Card>
  );
}

function Figures({ o }: { o: BusinessOverview }) {
  const s = o.units_by_status;
  return (
    <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Stat
        label={i18n._('Products')}
        value={o.products}
        testId="overview-products"
        {...(o.recalled_products > 0
          ? {
              detail: i18n._('{count, plural, one {# recalled} other {# recalled}}', { count: o.recalled_products }),
            }
          : {})}
      />
      <Stat
        label={i18n._('Units')}
        value={o.units}
        testId="overview-units"
        detail={i18n._(
          '{active, plural, one {# active} other {# active}}, {sold, plural, one {# sold} other {# sold}}, {recalled, plural, one {# recalled} other {# recalled}}',
          { active: s.active, sold: s.sold, recalled: s.recalled },
        )}
      />
      <Stat label={i18n._('Marked counterfeit by a moderator')} value={s.counterfeit} testId="overview-counterfeit" />
      <Stat label={i18n._('Label scans, last 30 days')} value={o.scans_30d} testId="overview-scans" />
    </div>
  );
}

function RecentProducts({ o }: { o: BusinessOverview }) {
  return (
    <Card className="mt-6">
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{i18n._('Newest products')}</h2>
          <Link to={paths.businessProducts} className="text-sm text-blue-700 hover:underline">
            {i18n._('All products')}
          </Link>
        </div>
        <DataTable
          className="mt-3"
          caption={i18n._('Newest products')}
          headCellClassName="py-1 pr-3"
          columns={[
            i18n._('Product'),
            i18n._('Units'),
            i18n._('Status'),
            { label: i18n._('Added'), className: 'py-1' },
          ]}
        >
          {o.recent_products.map((p) => (
            <tr key={p.id}>
              <td className="py-2 pr-3">
                <Link to={paths.businessProduct(p.id)} className="font-medium text-blue-700 hover:underline">
                  {p.name}
                </Link>
                <span className="block font-mono text-xs text-slate-500">{p.gtin ?? p.sku}</span>
              </td>
              <td className="py-2 pr-3">{formatNumber(p.units)}</td>
              <td className="py-2 pr-3">
                {p.status === 'recalled' ? (
                  <Badge tone="danger">{i18n._('Recalled')}</Badge>
                ) : (
                  <Badge tone="success">{i18n._('Active')}</Badge>
                )}
              </td>
              <td className="whitespace-nowrap py-2">{formatDate(p.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      </CardContent>
    </Card>
  );
}

/** What to do next: the first product, then units for it, then labels. */
function NextStep({ o }: { o: BusinessOverview }) {
  const first = o.recent_products[0];
  if (o.units > 0 || !first) return null;
  return (
    <div role="status" className="mt-6 rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      <p>
        {i18n._('{name} has no units yet: add its serial numbers, then print their QR labels.', { name: first.name })}
      </p>
      <Link to={paths.businessProduct(first.id)} className={`${buttonClasses('primary', 'sm')} mt-3`}>
        {i18n._('Add units to {name}', { name: first.name })}
      </Link>
    </div>
  );
}

export default function BusinessDashboardPage() {
  const overview = useBusinessOverview();
  const o = overview.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Business Dashboard')} />
      <BusinessNav />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Business Dashboard')}</h1>
        {o && o.products > 0 && (
          <Link to={paths.businessProductNew} className={buttonClasses('primary')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._('New product')}
          </Link>
        )}
      </div>
      {overview.isLoading ? (
        <LoadingBlock label={i18n._('Loading your catalogue...')} />
      ) : overview.isError || !o ? (
        <ErrorRetry message={toAppError(overview.error).message} onRetry={() => void overview.refetch()} />
      ) : o.products === 0 ? (
        <div className="mt-6">
          <EmptyState
            title={i18n._('No products yet')}
            description={i18n._(
              'Add a product line with its GTIN or SKU, then its serialized units, and print their QR labels. Customers scan a label to see that the product is yours.',
            )}
            action={
              <Link to={paths.businessProductNew} className={buttonClasses('primary')}>
                <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._('Add your first product')}
              </Link>
            }
          />
        </div>
      ) : (
        <>
          <Figures o={o} />
          <NextStep o={o} />
          <RecentProducts o={o} />
        </>
      )}
      {o && o.tagged_assets > 0 && (
        <p className="mt-6 text-sm text-slate-600">
          {i18n._(
            'You also tagged {count, plural, one {# item} other {# items}} as business assets before the catalogue: {count, plural, one {it stays} other {they stay}} under My Assets.',
            { count: o.tagged_assets },
          )}{' '}
          <Link to={paths.assets} className="text-blue-700 hover:underline">
            {i18n._('Open My Assets')}
          </Link>
        </p>
      )}
    </div>
  );
}
