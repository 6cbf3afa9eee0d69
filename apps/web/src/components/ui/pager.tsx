// Previous / "Page n" / Next under a paged list; hidden when everything fits on one page.
// Keyset-paged lists (decision 0165) know whether a next page exists but not how many pages there
// are: they pass `hasNext` and the pager says "Page n"; lists that know their page count say "Page n of m".
import { Button } from './button';
import { i18n } from '@/lib/i18n/i18n';

type PagerProps = {
  /** Zero-based page shown. */
  page: number;
  onPage(page: number): void;
  className?: string;
  /** Names the navigation for screen readers when a screen has more than one pager. */
  label?: string;
} & ({ pages: number; hasNext?: never } | { hasNext: boolean; pages?: never });

/** How many pages `total` rows make at `pageSize` a page (at least one, so "Page 1 of 1" reads right). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function Pager({ page, pages, hasNext, onPage, className = 'mt-6', label }: PagerProps) {
  const more = hasNext ?? page + 1 < (pages ?? 1);
  if (page === 0 && !more) return null;
  return (
    <nav className={`${className} flex items-center justify-center gap-3`} aria-label={label ?? i18n._('Pages')}>
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {i18n._('Previous')}
      </Button>
      <span className="text-sm text-slate-600">
        {pages === undefined
          ? i18n._('Page {page}', { page: page + 1 })
          : i18n._('Page {page} of {pages}', { page: page + 1, pages })}
      </span>
      <Button variant="outline" size="sm" disabled={!more} onClick={() => onPage(page + 1)}>
        {i18n._('Next')}
      </Button>
    </nav>
  );
}
