// /business/products — the business's product lines, 20 a page, newest first, paged by cursor
// (decision 0169): Previous and Next, "Page n", and no total to count.
import { DataTable } from '@/components/ui/data-table';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { useKeysetPages } from '@/hooks/use-keyset-pages';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { useGs1Prefixes } from '../api/gs1-prefixes';
import type { ScreenPrefetch } from '@/lib/screen-prefetch';
import { productsQueryOptions, useProducts } from '../api/products';
import { BusinessNav } from '../components/business-nav';
import { GtinBadge } from '../components/gtin-state';

/** The first page of products, asked for while the profile is read (lib/screen-prefetch.ts). */
export const prefetch: ScreenPrefetch = ({ queryClient, userId }) => {
  void queryClient.prefetchQuery(productsQueryOptions(userId, null));
};

export default function ProductsPage() {
  const pages = useKeysetPages();
  const products = useProducts(pages.after);
  const prefixes = useGs1Prefixes();
  const items = products.data?.items ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Products')} />
      <BusinessNav />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Products')}</h1>
        <Link to={paths.businessProductNew} className={buttonClasses('primary')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._('New product')}
        </Link>
      </div>
      <div className="mt-6">
        {products.isLoading ? (
          <LoadingBlock label={i18n._('Loading products...')} />
        ) : products.isError ? (
          <ErrorRetry message={toAppError(products.error).message} onRetry={() => void products.refetch()} />
        ) : items.length === 0 && pages.page === 0 ? (
          <EmptyState
            title={i18n._('No products yet')}
            description={i18n._('Add a product line, then its serialized units, and print their QR labels.')}
            action={
              <Link to={paths.businessProductNew} className={buttonClasses('primary')}>
                {i18n._('New product')}
              </Link>
            }
          />
        ) : (
          <DataTable
            className="rounded-lg border border-slate-200 bg-white"
            caption={i18n._('Products')}
            headClassName="bg-slate-50 text-xs uppercase text-slate-500"
            bodyClassName="divide-y divide-slate-200"
            headCellClassName="px-4 py-2"
            columns={[i18n._('Product'), i18n._('GTIN'), i18n._('SKU'), i18n._('Status'), i18n._('Added')]}
          >
            {items.map((p) => (
              <tr key={p.id}>
                <td className="px-4 py-2">
                  <Link to={paths.businessProduct(p.id)} className="font-medium text-blue-700 hover:underline">
                    {p.name}
                  </Link>
                </td>
                <td className="px-4 py-2">
                  <span className="font-mono">{p.gtin ?? p.released_gtin ?? '—'}</span>{' '}
                  {prefixes.data && <GtinBadge product={p} prefixes={prefixes.data} />}
                </td>
                <td className="px-4 py-2">{p.sku ?? '—'}</td>
                <td className="px-4 py-2">
                  {p.status === 'recalled' ? (
                    <Badge tone="danger">{i18n._('Recalled')}</Badge>
                  ) : (
                    <Badge tone="success">{i18n._('Active')}</Badge>
                  )}
                </td>
                <td className="px-4 py-2">{formatDate(p.created_at)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      <Pager
        page={pages.page}
        hasNext={Boolean(products.data?.next) && !products.isPlaceholderData}
        onPage={(page) => pages.goTo(page, products.data?.next)}
        className="mt-4"
      />
    </div>
  );
}
