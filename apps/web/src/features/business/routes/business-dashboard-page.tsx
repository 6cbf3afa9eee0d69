// /business-dashboard — a business user's inventory (business-kind assets): counts, the list with
// links to each item and its public serial check, and a quick way to tag more products.
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useInventory, useInventoryStats } from '../api/get-inventory';

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
      <PageMeta title="Business Dashboard" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Business Dashboard</h1>
        <Link to="/tag?kind=business" className={buttonClasses('primary')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Tag a product
        </Link>
      </div>
      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Products" value={stats.data?.products} />
        <Stat label="Units in stock" value={stats.data?.units} />
        <Stat label="With a serial number" value={stats.data?.with_serial} />
        <Stat label="Reported lost or stolen" value={stats.data?.flagged} />
      </div>
      <div className="mt-6">
        {inventory.isLoading ? (
          <div className="flex justify-center py-12"><Spinner label="Loading inventory..." showLabel /></div>
        ) : inventory.isError ? (
          <EmptyState title="Inventory could not be loaded" description={toAppError(inventory.error).message} action={<Button onClick={() => void inventory.refetch()}>Try again</Button>} />
        ) : (inventory.data?.items.length ?? 0) === 0 ? (
          <EmptyState
            title="No products yet"
            description="Tag products as business inventory with their SKU, serial number and quantity. Customers can check serials at /verify."
            action={<Link to="/tag?kind=business" className={buttonClasses('primary')}>Tag a product</Link>}
          />
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr><th className="px-4 py-2">Product</th><th className="px-4 py-2">SKU</th><th className="px-4 py-2">Serial</th><th className="px-4 py-2">Qty</th><th className="px-4 py-2">Status</th><th className="px-4 py-2">Added</th></tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {inventory.data!.items.map((p) => (
                  <tr key={p.id}>
                    <td className="px-4 py-2"><Link to={`/assets/${p.id}`} className="font-medium text-blue-700 hover:underline">{p.title}</Link></td>
                    <td className="px-4 py-2">{p.sku ?? '—'}</td>
                    <td className="px-4 py-2">
                      {p.serial_number ? <Link to={`/verify/${encodeURIComponent(p.serial_number)}`} className="hover:underline">{p.serial_number}</Link> : '—'}
                    </td>
                    <td className="px-4 py-2">{p.quantity ?? '—'}</td>
                    <td className="px-4 py-2">{p.status === 'active' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">{p.status}</Badge>}</td>
                    <td className="px-4 py-2">{new Date(p.created_at).toLocaleDateString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {total > PAGE_SIZE && (
        <nav className="mt-4 flex items-center justify-center gap-3" aria-label="Pages">
          <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>Previous</Button>
          <span className="text-sm text-slate-600">Page {page + 1} of {pages}</span>
          <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>Next</Button>
        </nav>
      )}
    </div>
  );
}
