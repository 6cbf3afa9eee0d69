// The controls My Assets and Public Assets share above their lists: the search box, the media
// type and the sort order ("column:direction").
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';

type MediaFilter = '' | 'photo' | 'video' | 'document';

/** Sort orders by title and date (every list), then by value (the owner's list only). */
export const SORTS = [
  { value: 'created_at:desc', label: /*i18n*/ 'Newest first' },
  { value: 'created_at:asc', label: /*i18n*/ 'Oldest first' },
  { value: 'title:asc', label: /*i18n*/ 'Title A–Z' },
  { value: 'title:desc', label: /*i18n*/ 'Title Z–A' },
  { value: 'value:desc', label: /*i18n*/ 'Highest value' },
  { value: 'value:asc', label: /*i18n*/ 'Lowest value' },
];

export function AssetSearchInput({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Placement in the filter row's grid. */
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden="true" />
      <Input
        className="pl-9"
        placeholder={i18n._('Search title, description, tags, serial')}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export function MediaTypeSelect({ value, onChange }: { value: MediaFilter; onChange(value: MediaFilter): void }) {
  return (
    <Select
      aria-label={i18n._('Media type')}
      value={value}
      onChange={(e) => onChange(e.target.value as MediaFilter)}
      placeholder={i18n._('Any media')}
      options={[
        { value: 'photo', label: i18n._('Photos') },
        { value: 'video', label: i18n._('Videos') },
        { value: 'document', label: i18n._('Documents') },
      ]}
    />
  );
}

export function SortSelect<S extends string>({
  sort,
  ascending,
  options,
  onChange,
}: {
  sort: S;
  ascending: boolean;
  options: typeof SORTS;
  onChange(sort: S, ascending: boolean): void;
}) {
  return (
    <Select
      aria-label={i18n._('Sort')}
      value={`${sort}:${ascending ? 'asc' : 'desc'}`}
      onChange={(e) => {
        const [column, dir] = e.target.value.split(':');
        onChange(column as S, dir === 'asc');
      }}
      options={options.map((s) => ({ ...s, label: i18n._(s.label) }))}
    />
  );
}
