// /public-assets — assets their owners made public: only what each owner chose to share.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { usePublicAssets, type PublicFilters } from '../api/public-assets';
import { usePublicMediaUrls } from '../api/public-media-urls';
import { KindBadge, StatusBadge } from '../components/badges';
import { MediaThumb } from '../components/media-thumb';
import { KIND_OPTIONS, formatMoney } from '../lib/labels';

const PAGE_SIZE = 12;

export default function PublicAssetsPage() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(search), 300);
    return () => clearTimeout(t);
  }, [search]);
  const [filters, setFilters] = useState<Omit<PublicFilters, 'query'>>({ kind: '', media: '', sort: 'created_at', ascending: false, page: 0, pageSize: PAGE_SIZE });
  useEffect(() => setFilters((f) => ({ ...f, page: 0 })), [query]);
  const list = usePublicAssets({ ...filters, query });
  const items = list.data?.items ?? [];
  const thumbs = usePublicMediaUrls(items.filter((a) => a.media.length > 0).map((a) => a.id), true);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const set = (patch: Partial<PublicFilters>) => setFilters((f) => ({ ...f, page: 0, ...patch }));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title="Public Assets" description="Assets their owners chose to make public." />
      <h1 className="text-2xl font-semibold text-slate-900">Public Assets</h1>
      <p className="mt-1 text-sm text-slate-600">Assets their owners chose to make public. Owners' names and e-mail addresses are never shown.</p>
      <div className="mt-6 grid grid-cols-1 gap-3 md:grid-cols-[1fr_auto_auto_auto]">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden="true" />
          <Input className="pl-9" aria-label="Search public assets" placeholder="Search title, description, tags, serial" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Select aria-label="Kind" value={filters.kind} placeholder="All kinds" options={KIND_OPTIONS.filter((o) => o.value !== 'legacy')} onChange={(e) => set({ kind: e.target.value as PublicFilters['kind'] })} />
        <Select
          aria-label="Media type"
          value={filters.media}
          placeholder="Any media"
          options={[{ value: 'photo', label: 'Photos' }, { value: 'video', label: 'Videos' }, { value: 'document', label: 'Documents' }]}
          onChange={(e) => set({ media: e.target.value as PublicFilters['media'] })}
        />
        <Select
          aria-label="Sort"
          value={`${filters.sort}:${filters.ascending ? 'asc' : 'desc'}`}
          options={[
            { value: 'created_at:desc', label: 'Newest first' },
            { value: 'created_at:asc', label: 'Oldest first' },
            { value: 'title:asc', label: 'Title A–Z' },
            { value: 'title:desc', label: 'Title Z–A' },
          ]}
          onChange={(e) => {
            const [sort, dir] = e.target.value.split(':');
            set({ sort: sort as PublicFilters['sort'], ascending: dir === 'asc' });
          }}
        />
      </div>
      <div className="mt-6">
        {list.isLoading ? (
          <div className="flex justify-center py-16"><Spinner label="Loading public assets..." showLabel /></div>
        ) : list.isError ? (
          <EmptyState title="Public assets could not be loaded" description={toAppError(list.error).message} action={<Button onClick={() => void list.refetch()}>Try again</Button>} />
        ) : items.length === 0 ? (
          <EmptyState title={query ? 'No public assets match' : 'No public assets yet'} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Public assets">
            {items.map((a) => (
              <li key={a.id}>
                <Link to={`/public-assets/${a.id}`} className="block h-full">
                  <Card className="h-full overflow-hidden hover:shadow-md">
                    <MediaThumb media={a.media[0]} url={a.media[0] ? thumbs.data?.[a.media[0].id] : undefined} className="aspect-video w-full" />
                    <div className="space-y-2 p-4">
                      <div className="flex flex-wrap gap-1"><KindBadge kind={a.kind} /><StatusBadge status={a.status} /></div>
                      <h2 className="truncate font-semibold text-slate-900">{a.title}</h2>
                      {a.description && <p className="line-clamp-2 text-sm text-slate-600">{a.description}</p>}
                      <p className="text-xs text-slate-500">
                        {[a.serial_number && `Serial ${a.serial_number}`, formatMoney(a.estimated_value, a.currency), a.location, new Date(a.created_at).toLocaleDateString()]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                      {a.tags.length > 0 && <p className="text-xs text-slate-500">{a.tags.slice(0, 3).join(', ')}{a.tags.length > 3 && ` +${a.tags.length - 3} more`}</p>}
                    </div>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      {total > PAGE_SIZE && (
        <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Pages">
          <Button variant="outline" size="sm" disabled={filters.page === 0} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>Previous</Button>
          <span className="text-sm text-slate-600">Page {filters.page + 1} of {pages}</span>
          <Button variant="outline" size="sm" disabled={filters.page + 1 >= pages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>Next</Button>
        </nav>
      )}
    </div>
  );
}
