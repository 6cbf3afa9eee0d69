// Previous / next for a queue page, with where the reader is.
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n/i18n';

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="mt-4 flex items-center justify-between gap-2" aria-label={i18n._('Pages')}>
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {i18n._('Previous')}
      </Button>
      <span className="text-sm text-slate-600">{i18n._('Page {page} of {pages}', { page: page + 1, pages })}</span>
      <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {i18n._('Next')}
      </Button>
    </nav>
  );
}
