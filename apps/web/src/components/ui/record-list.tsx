// A list of records in a card, or the note that there are none: one row per item, divided by a thin
// rule, the list named for screen readers. The caller renders each row (its `li`, with its key).
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function RecordList<T>({
  items,
  label,
  empty,
  className,
  children,
}: {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** Said instead of the list when there is no item. */
  empty: ReactNode;
  className?: string;
  children(item: T): ReactNode;
}) {
  if (items.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className={cn('divide-y divide-slate-100', className)} aria-label={label}>
      {items.map((item) => children(item))}
    </ul>
  );
}
