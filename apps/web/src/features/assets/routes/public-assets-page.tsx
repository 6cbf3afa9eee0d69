// /public-assets — assets their owners made public: only what each owner chose to share.
import { useEffect, useState } from 'react';
import { PageMeta } from '@/components/page-meta';
import { PageHeading } from '@/components/page-heading';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import { usePublicAssets, type PublicFilters } from '../api/public-assets';
import { AssetGrid } from '../components/asset-card';
import { AssetListStates } from '../components/asset-list-states';
import { AssetSearchInput, MediaTypeSelect, SORTS, SortSelect } from '../components/asset-list-filters';
import { KindBadge, StatusBadge } from '../components/badges';
import { formatMoney } from '../lib/labels';
import { useDebounced } from '@/hooks/use-debounced';
import { useKeysetPages } from '@/hooks/use-keyset-pages';
import { i18n } from '@/lib/i18n/i18n';
import { assetKindOptions } from '@/lib/labels/assets';
import { useHydrated } from '@/lib/use-hydrated';
import { formatDate } from '@/lib/i18n/format';
import { paths } from '@/config/paths';

const PAGE_SIZE = 12;

export default function PublicAssetsPage() {
  const [search, setSearch] = useState('');
  const query = useDebounced(search, 300);
  const [filters, setFilters] = useState<Omit<PublicFilters, 'query' | 'after'>>({
    kind: '',
    media: '',
    sort: 'created_at',
    ascending: false,
    pageSize: PAGE_SIZE,
  });
  // Pages by cursor (decision 0165): new filters, a new sort or a new search start at page one.
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [query, reset]);
  const list = usePublicAssets({ ...filters, query, after: pages.after });
  // The page is prerendered with the list still loading (docs/decisions/0136); the hydrating render
  // must show the same, so the list waits for hydration.
  const hydrated = useHydrated();
  const items = list.data?.items ?? [];
  // The first file's URL of each card comes with the list (one request).
  const urls = list.data?.urls;
  const set = (patch: Partial<PublicFilters>) => {
    reset();
    setFilters((f) => ({ ...f, ...patch }));
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Public Assets')} description={i18n._('Assets their owners chose to make public.')} />
      <PageHeading
        title={i18n._('Public Assets')}
        lead={i18n._("Assets their owners chose to make public. Owners' names and e-mail addresses are never shown.")}
      />
      {/* No column is sized by its content: sized by their options, the selects moved, as a slow
          device's parser can paint this prerendered row before a select's options have arrived (an
          empty select is 46 px wide). From sm the three selects share a row below the search; from lg
          all four do, the selects wide enough for their longest option in English and French. */}
      <div className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-[1fr_13rem_10rem_11.5rem]">
        <AssetSearchInput
          className="sm:col-span-3 lg:col-span-1"
          label={i18n._('Search public assets')}
          value={search}
          onChange={setSearch}
        />
        <Select
          aria-label={i18n._('Kind')}
          value={filters.kind}
          placeholder={i18n._('All kinds')}
          options={assetKindOptions().filter((o) => o.value !== 'legacy')}
          onChange={(e) => set({ kind: e.target.value as PublicFilters['kind'] })}
        />
        <MediaTypeSelect value={filters.media} onChange={(media) => set({ media })} />
        <SortSelect
          sort={filters.sort}
          ascending={filters.ascending}
          options={SORTS.slice(0, 4)}
          onChange={(sort, ascending) => set({ sort, ascending })}
        />
      </div>
      {/* Tall enough that the pager starts below a phone's first screen while the list loads. */}
      <div className="mt-6 min-h-[40rem]">
        <AssetListStates
          loading={!hydrated || list.isLoading}
          loadingLabel={i18n._('Loading public assets...')}
          failure={
            list.isError
              ? {
                  title: i18n._('Public assets could not be loaded'),
                  error: list.error,
                  retry: () => void list.refetch(),
                }
              : null
          }
        >
          {items.length === 0 ? (
            <EmptyState title={query ? i18n._('No public assets match') : i18n._('No public assets yet')} />
          ) : (
            <AssetGrid
              label={i18n._('Public assets')}
              items={items}
              to={(a) => paths.publicAsset(a.id)}
              pictureUrl={(a) => (a.media[0] ? urls?.[a.media[0].id] : undefined)}
              eagerCards={2}
              badges={(a) => (
                <>
                  <KindBadge kind={a.kind} />
                  <StatusBadge status={a.status} />
                </>
              )}
              facts={(a) => [
                a.serial_number && i18n._('Serial {serial}', { serial: a.serial_number }),
                formatMoney(a.estimated_value, a.currency),
                a.location,
                formatDate(a.created_at),
              ]}
            />
          )}
        </AssetListStates>
      </div>
      <Pager
        page={pages.page}
        hasNext={Boolean(list.data?.next) && !list.isPlaceholderData}
        onPage={(page) => pages.goTo(page, list.data?.next)}
      />
    </div>
  );
}
