// The filters My Assets (search-my-assets.ts) and the public gallery (public-assets.ts) have in
// common, as both functions read them: search words trimmed, an empty filter left out, the page's
// size as `limit` and the cursor it starts after (decision 0165). Each list adds its own filters.
import type { PageCursor } from '@tagledger/functions-api';
import type { AssetKind, MediaKind } from './types';

export interface CommonListFilters<Sort extends string> {
  query: string;
  kind: AssetKind | '';
  media: MediaKind | '';
  sort: Sort;
  ascending: boolean;
  /** Where the page starts: the previous page's `next`, null for the first. */
  after: PageCursor | null;
  pageSize: number;
}

export function commonListRequest<Sort extends string>(f: CommonListFilters<Sort>) {
  return {
    query: f.query.trim() || undefined,
    kind: f.kind || undefined,
    media: f.media || undefined,
    sort: f.sort,
    ascending: f.ascending,
    limit: f.pageSize,
    after: f.after,
  };
}
