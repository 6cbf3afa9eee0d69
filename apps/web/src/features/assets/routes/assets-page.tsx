// /assets — the signed-in user's assets: search, filters, sort, grid or list, pages.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LayoutGrid, List, Plus } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Pager } from '@/components/ui/pager';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import type { ScreenPrefetch } from '@/lib/screen-prefetch';
import { MY_ASSETS_FIRST_PAGE } from '../api/first-requests';
import { myAssetsQueryOptions, useMyAssets, type AssetFilters } from '../api/search-my-assets';
import { AssetGrid } from '../components/asset-card';
import { AssetListStates } from '../components/asset-list-states';
import { AssetSearchInput, MediaTypeSelect, SORTS, SortSelect } from '../components/asset-list-filters';
import { KindBadge, PrivacyBadge, StatusBadge } from '../components/badges';
import { MediaThumb } from '../components/media-thumb';
import { formatMoney } from '../lib/labels';
import { i18n } from '@/lib/i18n/i18n';
import { assetKindOptions } from '@/lib/labels/assets';
import { formatDate, formatNumber } from '@/lib/i18n/format';
import { useDebounced } from '@/hooks/use-debounced';
import { useKeysetPages } from '@/hooks/use-keyset-pages';
import { paths } from '@/config/paths';

/** The cards of the first row at the widest layout: their photos load at once, the first one first. */
const FIRST_ROW = 3;

/** What the screen shows first (also asked for before the app starts: app/first-requests.ts). */
const FIRST_FILTERS: Omit<AssetFilters, 'query' | 'after'> = MY_ASSETS_FIRST_PAGE;

/** The first page with its cards' picture URLs, asked for while the profile is read (lib/screen-prefetch.ts). */
export const prefetch: ScreenPrefetch = ({ queryClient, userId }) => {
  // prefetchQuery never throws: on an error the screen asks again and shows it.
  void queryClient.prefetchQuery(myAssetsQueryOptions(userId, MY_ASSETS_FIRST_PAGE));
};

export default function AssetsPage() {
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [filters, setFilters] = useState<Omit<AssetFilters, 'query' | 'after'>>(FIRST_FILTERS);
  // Pages by cursor (decision 0165): new filters, a new sort or a new search start at page one.
  const pages = useKeysetPages();
  const { reset } = pages;
  const query = useDebounced(search, 300);
  useEffect(() => reset(), [query, reset]);
  const assets = useMyAssets({ ...filters, query, after: pages.after });
  const items = assets.data?.items ?? [];
  const urls = assets.data?.urls;
  const total = assets.data?.total ?? 0;
  const set = (patch: Partial<AssetFilters>) => {
    reset();
    setFilters((f) => ({ ...f, ...patch }));
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('My Assets')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{i18n._('My Assets')}</h1>
          {/* One line tall before the count comes (an empty line collapsed, and the list below moved). */}
          <p className="min-h-5 text-sm text-slate-600">
            {assets.data
              ? assets.data.total_capped
                ? // Counting stops at 1,000 (decision 0165).
                  i18n._('More than {total} assets', { total: formatNumber(total) })
                : i18n._('{total, plural, one {# asset} other {# assets}}', { total })
              : null}
          </p>
        </div>
        <Link to={paths.tag} className={buttonClasses('primary')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._('Tag New Asset')}
        </Link>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-3 md:grid-cols-[1fr_auto_auto_auto_auto_auto]">
        <AssetSearchInput label={i18n._('Search assets')} value={search} onChange={setSearch} />
        <Select
          aria-label={i18n._('Kind')}
          value={filters.kind}
          onChange={(e) => set({ kind: e.target.value as AssetFilters['kind'] })}
          placeholder={i18n._('All kinds')}
          options={assetKindOptions()}
        />
        <Select
          aria-label={i18n._('Privacy')}
          value={filters.privacy}
          onChange={(e) => set({ privacy: e.target.value as AssetFilters['privacy'] })}
          placeholder={i18n._('Any privacy')}
          options={[
            { value: 'private', label: i18n._('Private') },
            { value: 'public', label: i18n._('Public') },
          ]}
        />
        <MediaTypeSelect value={filters.media} onChange={(media) => set({ media })} />
        <SortSelect
          sort={filters.sort}
          ascending={filters.ascending}
          options={SORTS}
          onChange={(sort, ascending) => set({ sort, ascending })}
        />
        <div className="flex gap-1" role="group" aria-label={i18n._('View')}>
          <Button
            variant={view === 'grid' ? 'secondary' : 'outline'}
            size="icon"
            aria-label={i18n._('Grid view')}
            aria-pressed={view === 'grid'}
            onClick={() => setView('grid')}
          >
            <LayoutGrid className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            variant={view === 'list' ? 'secondary' : 'outline'}
            size="icon"
            aria-label={i18n._('List view')}
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
          >
            <List className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="mt-6">
        <AssetListStates
          loading={assets.isLoading}
          loadingLabel={i18n._('Loading assets...')}
          failure={
            assets.isError
              ? {
                  title: i18n._('Your assets could not be loaded'),
                  error: assets.error,
                  retry: () => void assets.refetch(),
                }
              : null
          }
        >
          {items.length === 0 ? (
            <EmptyState
              title={
                query || filters.kind || filters.privacy || filters.media
                  ? i18n._('No assets match')
                  : i18n._('No assets yet')
              }
              description={
                query || filters.kind || filters.privacy || filters.media
                  ? i18n._('Try other search words or filters.')
                  : i18n._('Tag your first asset to register it.')
              }
              action={
                <Link to={paths.tag} className={buttonClasses('primary')}>
                  {i18n._('Tag Asset')}
                </Link>
              }
            />
          ) : view === 'grid' ? (
            <AssetGrid
              label={i18n._('Assets')}
              items={items}
              to={(a) => paths.asset(a.id)}
              pictureUrl={(a) => (a.media[0] ? urls?.[a.media[0].object_name] : undefined)}
              eagerCards={FIRST_ROW}
              firstPhotoFirst
              badges={(a) => (
                <>
                  <KindBadge kind={a.kind} />
                  <PrivacyBadge privacy={a.privacy} />
                  <StatusBadge status={a.status} />
                </>
              )}
              facts={(a) => [
                a.serial_number && i18n._('Serial {serial}', { serial: a.serial_number }),
                formatMoney(a.estimated_value, a.currency),
                i18n._('{count, plural, one {# file} other {# files}}', { count: a.media.length }),
              ]}
            />
          ) : (
            <ul
              className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
              aria-label={i18n._('Assets')}
            >
              {items.map((a) => (
                <li key={a.id}>
                  <Link to={paths.asset(a.id)} className="flex items-center gap-4 p-3 hover:bg-slate-50">
                    <MediaThumb
                      media={a.media[0]}
                      url={a.media[0] ? urls?.[a.media[0].object_name] : undefined}
                      className="h-14 w-14 shrink-0 rounded"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-slate-900">{a.title}</p>
                      <p className="truncate text-xs text-slate-600">
                        {[
                          a.serial_number && i18n._('Serial {serial}', { serial: a.serial_number }),
                          formatMoney(a.estimated_value, a.currency),
                          formatDate(a.created_at),
                        ]
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
        </AssetListStates>
      </div>

      <Pager
        page={pages.page}
        hasNext={Boolean(assets.data?.next) && !assets.isPlaceholderData}
        onPage={(page) => pages.goTo(page, assets.data?.next)}
      />
    </div>
  );
}
