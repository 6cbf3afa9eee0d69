// Where a keyset-paged list is (decision 0165): the cursor each visited page started from, so
// "Next" starts after the page shown (its `next`) and "Previous" goes back to the cursor before,
// without the server counting or skipping rows. Filters or a sort that change the list start over.
import { useCallback, useState } from 'react';
import type { PageCursor } from '@tagledger/functions-api';

export interface KeysetPages {
  /** Zero-based page shown. */
  page: number;
  /** Where the page shown starts (null: the first page). */
  after: PageCursor | null;
  /** Moves to `page`: one forward needs the shown page's `next`; any earlier page is remembered. */
  goTo(page: number, next: PageCursor | null | undefined): void;
  /** Back to the first page. */
  reset(): void;
}

export function useKeysetPages(): KeysetPages {
  const [starts, setStarts] = useState<(PageCursor | null)[]>([null]);
  const goTo = useCallback((page: number, next: PageCursor | null | undefined) => {
    setStarts((s) => {
      if (page < s.length - 1) return s.slice(0, page + 1);
      if (page === s.length && next) return [...s, next];
      return s;
    });
  }, []);
  const reset = useCallback(() => setStarts((s) => (s.length === 1 ? s : [null])), []);
  return { page: starts.length - 1, after: starts[starts.length - 1] ?? null, goTo, reset };
}
