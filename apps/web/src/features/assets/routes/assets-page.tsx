// /assets — the signed-in user's assets: search, filters, sort, grid or list, pages.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LayoutGrid, List, Plus, Search } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useMyAssets, type AssetFilters } from '../api/search-my-assets';
import { useSignedUrls } from '../api/signed-urls';
import type { Asset } from '../api/types';
import { KindBadge, PrivacyBadge, StatusBadge } from '../components/badges';
import { MediaThumb } from '../components/media-thumb';
import { KIND_OPTIONS, formatMoney } from '../lib/labels';

const PAGE_SIZE = 12;
const SORTS = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'title:asc', label: 'Title A–Z' },
  { value: 'title:desc', label: 'Title Z–A' },
  { value: 'value:desc', label: 'Highest value' },
  { value: 'value:asc', label: 'Lowest value' },
];

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export default function AssetsPage() {
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [filters, setFilters] = useState<Omit<AssetFilters, 'query'>>({
    kind: '',
    privacy: '',
    media: '',
    sort: 'created_at',
    ascending: false,
    page: 0,
    pageSize: PAGE_SIZE,
  });
  const query = useDebounced(search, 300);
  useEffect(() => setFilters((f) => ({ ...f, page: 0 })), [query]);
  const assets = useMyAssets({ ...filters, query });
  const items = assets.data?.items ?? [];
  const thumbs = useSignedUrls(items.map((a) => a.media[0]?.object_name).filter((n): n is string => Boolean(n)));
  const total = assets.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const set = (patch: Partial<AssetFilters>) => setFilters((f) => ({ ...f, page: 0, ...patch }));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title="My Assets" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">My Assets</h1>
          <p className="text-sm text-slate-600">{assets.data ? `${total} asset${total === 1 ? '' : 's'}` : ' '}</p>
        </div>
        <Link to="/tag" className={buttonClasses('primary')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Tag New Asset
        </Link>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-3 md:grid-cols-[1fr_auto_auto_auto_auto_auto]">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden="true" />
          <Input
            className="pl-9"
            placeholder="Search title, description, tags, serial"
            aria-label="Search assets"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Select aria-label="Kind" value={filters.kind} onChange={(e) => set({ kind: e.target.value as AssetFilters['kind'] })} placeholder="All kinds" options={KIND_OPTIONS} />
        <Select
          aria-label="Privacy"
          value={filters.privacy}
          onChange={(e) => set({ privacy: e.target.value as AssetFilters['privacy'] })}
          placeholder="Any privacy"
          options={[
            { value: 'private', label: 'Private' },
            { value: 'public', label: 'Public' },
          ]}
        />
        <Select
          aria-label="Media type"
          value={filters.media}
          onChange={(e) => set({ media: e.target.value as AssetFilters['media'] })}
          placeholder="Any media"
          options={[
            { value: 'photo', label: 'Photos' },
            { value: 'video', label: 'Videos' },
            { value: 'document', label: 'Documents' },
          ]}
        />
        <Select
          aria-label="Sort"
          value={`${filters.sort}:${filters.ascending ? 'asc' : 'desc'}`}
          onChange={(e) => {
            const [sort, dir] = e.target.value.split(':');
            set({ sort: sort as AssetFilters['sort'], ascending: dir === 'asc' });
          }}
          options={SORTS}
        />
        <div className="flex gap-1" role="group" aria-label="View">
          <Button variant={view === 'grid' ? 'secondary' : 'outline'} size="icon" aria-label="Grid view" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
            <LayoutGrid className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button variant={view === 'list' ? 'secondary' : 'outline'} size="icon" aria-label="List view" aria-pressed={view === 'list'} onClick={() => setView('list')}>
            <List className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="mt-6">
        {assets.isLoading ? (
          <div className="flex justify-center py-16"><Spinner label="Loading assets..." showLabel /></div>
        ) : assets.isError ? (
          <EmptyState
            title="Your assets could not be loaded"
            description={toAppError(assets.error).message}
            action={<Button onClick={() => void assets.refetch()}>Try again</Button>}
          />
        ) : items.length === 0 ? (
          <EmptyState
            title={query || filters.kind || filters.privacy || filters.media ? 'No assets match' : 'No assets yet'}
            description={query || filters.kind || filters.privacy || filters.media ? 'Try other search words or filters.' : 'Tag your first asset to register it.'}
            action={<Link to="/tag" className={buttonClasses('primary')}>Tag Asset</Link>}
          />
        ) : view === 'grid' ? (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Assets">
            {items.map((a) => (
              <li key={a.id}>
                <AssetCard asset={a} url={a.media[0] ? thumbs.data?.[a.media[0].object_name] : undefined} />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Assets">
            {items.map((a) => (
              <li key={a.id}>
                <Link to={`/assets/${a.id}`} className="flex items-center gap-4 p-3 hover:bg-slate-50">
                  <MediaThumb media={a.media[0]} url={a.media[0] ? thumbs.data?.[a.media[0].object_name] : undefined} className="h-14 w-14 shrink-0 rounded" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">{a.title}</p>
                    <p className="truncate text-xs text-slate-600">
                      {[a.serial_number && `Serial ${a.serial_number}`, formatMoney(a.estimated_value, a.currency), new Date(a.created_at).toLocaleDateString()]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <div className="hidden gap-1 sm:flex">
                    <StatusBadge status={a.status} />
                    <PrivacyBadge privacy={a.privacy} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>

      {total > PAGE_SIZE && (
        <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Pages">
          <Button variant="outline" size="sm" disabled={filters.page === 0} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">Page {filters.page + 1} of {pages}</span>
          <Button variant="outline" size="sm" disabled={filters.page + 1 >= pages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

function AssetCard({ asset: a, url }: { asset: Asset; url: string | undefined }) {
  return (
    <Link to={`/assets/${a.id}`} className="block h-full">
      <Card className="h-full overflow-hidden transition-shadow hover:shadow-md">
        <MediaThumb media={a.media[0]} url={url} className="aspect-video w-full" />
        <div className="space-y-2 p-4">
          <div className="flex flex-wrap gap-1">
            <KindBadge kind={a.kind} />
            <PrivacyBadge privacy={a.privacy} />
            <StatusBadge status={a.status} />
          </div>
          <h2 className="truncate font-semibold text-slate-900">{a.title}</h2>
          {a.description && <p className="line-clamp-2 text-sm text-slate-600">{a.description}</p>}
          <p className="text-xs text-slate-500">
            {[a.serial_number && `Serial ${a.serial_number}`, formatMoney(a.estimated_value, a.currency), `${a.media.length} file${a.media.length === 1 ? '' : 's'}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {a.tags.length > 0 && (
            <p className="text-xs text-slate-500">
              {a.tags.slice(0, 3).join(', ')}
              {a.tags.length > 3 && ` +${a.tags.length - 3} more`}
            </p>
          )}
        </div>
      </Card>
    </Link>
  );
}
