import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';
import { categoryLabel } from '../lib/format';

interface CategoryFilterProps {
  categories: string[];
  selected: string | null;
  onSelect(category: string | null): void;
}

/** 'All' plus one button per category; shown only when there is more than one category. */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  if (categories.length <= 1) return null;
  const item = (label: string, value: string | null) => (
    <button
      key={label}
      type="button"
      aria-pressed={selected === value}
      onClick={() => onSelect(value)}
      className={cn(
        'rounded-full border px-3 py-1 text-sm font-medium',
        selected === value
          ? 'border-blue-600 bg-blue-600 text-white'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={i18n._('Filter by category')} className="flex flex-wrap gap-2">
      {item('All', null)}
      {categories.map((c) => item(categoryLabel(c), c))}
    </div>
  );
}
