// The /news-management screen body (SPEC §2 News management), driven by props so that every
// state can be shown and tested without a server.
import { FileText, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import type { ArticleCounts } from '../api/get-article-counts';
import type { NewsArticle } from '../api/types';
import { ArticleRow } from './article-row';
import { LoadMoreSentinel } from './load-more-sentinel';
import { i18n } from '@/lib/i18n/i18n';

export interface NewsManagementViewProps {
  articles: NewsArticle[];
  counts: ArticleCounts | undefined;
  loading: boolean;
  /** The load error message, shown as 'Error: {message}' with Retry. */
  error: string | null;
  onRetry(): void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  busyId: string | null;
  onCreate(): void;
  onEdit(article: NewsArticle): void;
  onTogglePublish(article: NewsArticle): void;
  /** The article awaiting delete confirmation (null: no dialog). */
  deleting: NewsArticle | null;
  deletePending: boolean;
  onAskDelete(article: NewsArticle | null): void;
  onConfirmDelete(): void;
}

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card className="px-5 py-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-bold text-slate-900" data-testid={`count-${label}`}>
        {value ?? '–'}
      </p>
    </Card>
  );
}

export function NewsManagementView(p: NewsManagementViewProps) {
  let list;
  if (p.loading) {
    list = <LoadingBlock label={i18n._('Loading articles...')} />;
  } else if (p.error !== null) {
    list = <ErrorRetry message={p.error} onRetry={p.onRetry} />;
  } else if (p.articles.length === 0) {
    list = (
      <EmptyState
        icon={<FileText className="h-10 w-10" />}
        title={i18n._('No articles yet')}
        description={i18n._('Create your first news article to get started.')}
        action={<Button onClick={p.onCreate}>{i18n._('Create First Article')}</Button>}
      />
    );
  } else {
    list = (
      <>
        <ul className="divide-y divide-slate-200">
          {p.articles.map((a) => (
            <ArticleRow
              key={a.id}
              article={a}
              busy={p.busyId === a.id}
              onTogglePublish={p.onTogglePublish}
              onEdit={p.onEdit}
              onDelete={(article) => p.onAskDelete(article)}
            />
          ))}
        </ul>
        <LoadMoreSentinel hasMore={p.hasMore} loading={p.loadingMore} onLoadMore={p.onLoadMore} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">{i18n._('News Management')}</h1>
        <Button onClick={p.onCreate}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {i18n._('Create Article')}
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Counter label={i18n._('Published')} value={p.counts?.published} />
        <Counter label={i18n._('Drafts')} value={p.counts?.drafts} />
        <Counter label={i18n._('Total Articles')} value={p.counts?.total} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{i18n._('All Articles')}</CardTitle>
        </CardHeader>
        {list}
      </Card>
      <ConfirmDialog
        open={p.deleting !== null}
        onOpenChange={(open) => !open && p.onAskDelete(null)}
        title={i18n._('Delete Article')}
        message={i18n._('Are you sure you want to delete this article? This action cannot be undone.')}
        confirmLabel={i18n._('Delete Article')}
        cancelLabel={i18n._('Cancel')}
        destructive
        loading={p.deletePending}
        onConfirm={p.onConfirmDelete}
      />
    </div>
  );
}
