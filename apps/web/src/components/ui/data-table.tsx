// A table of records: the horizontal scroller a wide table needs on a phone, the header row of
// column headings, and the body the caller fills with rows (and, after it, an optional footer or
// note inside the scroller). Shared by the admin and business tables and the referral levels.
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DataColumn {
  label: ReactNode;
  /** The heading cell's classes (padding, alignment). */
  className?: string;
  /** A heading for screen readers only (a column of buttons or checkboxes). */
  hidden?: boolean;
  /** A column of amounts: its heading lines up with the numbers at the end of the cell. */
  align?: 'end';
}

export interface DataTableProps {
  /** Each column's heading: its text, or its text with classes of its own. */
  columns: Array<string | DataColumn>;
  /** The classes of a heading that names none of its own. */
  headCellClassName?: string;
  /** Rows (<tr>) of the body. */
  children: ReactNode;
  /** The table's name for screen readers. */
  caption?: string;
  /** Classes of the scroller (border, margin); it is positioned so sr-only headings stay inside it. */
  className?: string;
  /** Classes of the table itself (a minimum width, so the scroller scrolls instead of squeezing). */
  tableClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
  /** A <tfoot> of totals. */
  foot?: ReactNode;
  /** What follows the table inside the scroller (a spinner, an empty note). */
  after?: ReactNode;
  busy?: boolean;
}

export function DataTable(props: DataTableProps) {
  return (
    // relative: a heading's sr-only label is absolutely positioned; without a positioned scroller it
    // escapes the scroll box and widens the whole page on phones.
    <div className={cn('relative overflow-x-auto', props.className)} aria-busy={props.busy || undefined}>
      <table className={cn('w-full text-left text-sm', props.tableClassName)}>
        {props.caption && <caption className="sr-only">{props.caption}</caption>}
        <thead className={props.headClassName ?? 'text-xs uppercase text-slate-500'}>
          <tr>
            {props.columns.map((heading, i) => {
              const column = typeof heading === 'string' ? { label: heading } : heading;
              return (
                <th
                  key={i}
                  scope="col"
                  className={cn(column.className ?? props.headCellClassName, column.align && 'text-right') || undefined}
                >
                  {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={props.bodyClassName ?? 'divide-y divide-slate-100'}>{props.children}</tbody>
        {props.foot}
      </table>
      {props.after}
    </div>
  );
}
