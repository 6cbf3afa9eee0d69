// A moderator's list that is acted on (a queue, the standing recalls), read a page at a time by
// cursor (decision 0165): the spinner while the page loads, the error with Retry, then the note of
// the last action done, the page's items or the list's empty state, the pager, and the dialog of the
// action chosen. The log (moderation-log.tsx) is only read, and shows its empty state alone.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PageCursor } from '@tagledger/functions-api';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { Pager } from '@/components/ui/pager';
import type { KeysetPages } from '@/hooks/use-keyset-pages';
import { toAppError } from '@/lib/api-error';

interface ListPage<T> {
  items: T[];
  next: PageCursor | null;
}

interface PagedPanelProps<T> {
  list: UseQueryResult<ListPage<T>>;
  pages: KeysetPages;
  loadingLabel: string;
  /** What the last action did, shown above the list. */
  done: string | null;
  empty: ReactNode;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  dialog: ReactNode;
}

export function PagedPanel<T>({
  list,
  pages,
  loadingLabel,
  done,
  empty,
  itemKey,
  renderItem,
  dialog,
}: PagedPanelProps<T>) {
  if (list.isLoading) return <LoadingBlock label={loadingLabel} />;
  if (list.isError) return <ErrorRetry message={toAppError(list.error).message} onRetry={() => void list.refetch()} />;
  const data = list.data ?? { items: [], next: null };
  return (
    <div>
      {done ? (
        <p role="status" className="mb-3 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          {done}
        </p>
      ) : null}
      {data.items.length === 0 ? (
        empty
      ) : (
        <ul className="space-y-3">
          {data.items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      <Pager
        page={pages.page}
        hasNext={Boolean(data.next) && !list.isPlaceholderData}
        onPage={(page) => pages.goTo(page, data.next)}
        className="mt-4"
      />
      {dialog}
    </div>
  );
}

/** After an action took an item off the list: a page it left empty steps back to the one before. */
export function stepBackIfEmptied<T>(pages: KeysetPages, shown: ListPage<T> | undefined): void {
  if (pages.page > 0 && shown?.items.length === 1) pages.goTo(pages.page - 1, null);
}
