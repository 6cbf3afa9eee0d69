// Previous / "Page n of m" / Next under a paged list; hidden when everything fits on one page.
import { Button } from './button';
import { i18n } from '@/lib/i18n/i18n';

interface PagerProps {
  /** Zero-based page shown. */
  page: number;
  pages: number;
  onPage(page: number): void;
  className?: string;
}

export function Pager({ page, pages, onPage, className = 'mt-6' }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className={`${className} flex items-center justify-center gap-3`} aria-label={i18n._('Pages')}>
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {i18n._('Previous')}
      </Button>
      <span className="text-sm text-slate-600">
        {i18n._('Page')} {page + 1} {i18n._('of')} {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {i18n._('Next')}
      </Button>
    </nav>
  );
}
