// /business-dashboard — a business user's inventory (business-kind assets): counts, the list with
// links to each item and its public serial check, and a quick way to tag more products.
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { Pager } from '@/components/ui/pager';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useInventory, useInventoryStats } from '../api/get-inventory';
import { BusinessNav } from '../components/business-nav';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';

const PAGE_SIZE = 20;

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card>
      <CardContent>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-semibold text-slate-900">{value ?? '–'}</p>
      </CardContent>
    </Card>
  );
}

export default function BusinessDashboardPage() {
  const [page, setPage] = useState(0);
  const stats = useInventoryStats();
  const inventory = useInventory(page, PAGE_SIZE);
  const total = inventory.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Business Dashboard')} />
      <BusinessNav />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Business Dashboard')}</h1>
        <Link to={paths.tagKind('business')} className={buttonClasses('primary')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._('Tag a product')}
        </Link>
      </div>
      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label={i18n._('Products')} value={stats.data?.products} />
        <Stat label={i18n._('Units in stock')} value={stats.data?.units} />
        <Stat label={i18n._('With a serial number')} value={stats.data?.with_serial} />
        <Stat label={i18n._('Reported lost or stolen')} value={stats.data?.flagged} />
      </div>
      <div className="mt-6">
        {inventory.isLoading ? (
          <div className="flex justify-center py-12">
            <Spinner label={i18n._('Loading inventory...')} showLabel />
          </div>
        ) : inventory.isError ? (
          <EmptyState
            title={i18n._('Inventory could not be loaded')}
            description={toAppError(inventory.error).message}
            action={<Button onClick={() => void inventory.refetch()}>{i18n._('Try again')}</Button>}
          />
        ) : (inventory.data?.items.length ?? 0) === 0 ? (
          <EmptyState
            title={i18n._('No products yet')}
            description={i18n._(
              'Tag products as business inventory with their SKU, serial number and quantity. Customers can check serials at /verify.',
            )}
            action={
              <Link to={paths.tagKind('business')} className={buttonClasses('primary')}>
                {i18n._('Tag a product')}
              </Link>
            }
          />
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th className="px-4 py-2">{i18n._('Product')}</th>
                  <th className="px-4 py-2">{i18n._('SKU')}</th>
                  <th className="px-4 py-2">{i18n._('Serial')}</th>
                  <th className="px-4 py-2">{i18n._('Qty')}</th>
                  <th className="px-4 py-2">{i18n._('Status')}</th>
                  <th className="px-4 py-2">{i18n._('Added')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {inventory.data!.items.map((p) => (
                  <tr key={p.id}>
                    <td className="px-4 py-2">
                      <Link to={paths.asset(p.id)} className="font-medium text-blue-700 hover:underline">
                        {p.title}
                      </Link>
                    </td>
                    <td className="px-4 py-2">{p.sku ?? '—'}</td>
                    <td className="px-4 py-2">
                      {p.serial_number ? (
                        <Link to={paths.verify(p.serial_number)} className="hover:underline">
                          {p.serial_number}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-4 py-2">{p.quantity ?? '—'}</td>
                    <td className="px-4 py-2">
                      {p.status === 'active' ? (
                        <Badge tone="success">{i18n._('Active')}</Badge>
                      ) : (
                        <Badge tone="danger">{p.status}</Badge>
                      )}
                    </td>
                    <td className="px-4 py-2">{formatDate(p.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <Pager page={page} pages={pages} onPage={setPage} className="mt-4" />
    </div>
  );
}
