import { Newspaper } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import type { NewsArticle } from '../api/types';
import { ArticleReaderModal } from './article-reader-modal';
import { CategoryFilter } from './category-filter';
import { LoadMoreSentinel } from './load-more-sentinel';
import { NewsCard } from './news-card';
import { i18n } from '@/lib/i18n/i18n';

export interface NewsListViewProps {
  articles: NewsArticle[];
  categories: string[];
  selectedCategory: string | null;
  onSelectCategory(category: string | null): void;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  fallbackAuthor: string;
}

/** The /news screen body (SPEC §2 News page), driven entirely by props. */
export function NewsListView(props: NewsListViewProps) {
  const { articles, categories, selectedCategory, loading, failed, fallbackAuthor } = props;
  const [reading, setReading] = useState<NewsArticle | null>(null);

  let body;
  if (loading) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label={i18n._('Loading news...')} showLabel />
      </div>
    );
  } else if (failed) {
    body = (
      <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-700">
        {i18n._('Failed to load news articles')}
      </p>
    );
  } else if (articles.length === 0) {
    body = selectedCategory ? (
      <EmptyState
        icon={<Newspaper className="h-10 w-10" />}
        title={i18n._('No articles found in "{selectedCategory}" category.', { selectedCategory })}
      />
    ) : (
      <EmptyState
        icon={<Newspaper className="h-10 w-10" />}
        title={i18n._('No articles yet')}
        description={i18n._('Check back soon for the latest news and updates!')}
      />
    );
  } else {
    body = (
      <>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((a) => (
            <NewsCard key={a.id} article={a} fallbackAuthor={fallbackAuthor} onReadMore={setReading} />
          ))}
        </div>
        <LoadMoreSentinel hasMore={props.hasMore} loading={props.loadingMore} onLoadMore={props.onLoadMore} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{i18n._('Latest News')}</h1>
      <CategoryFilter categories={categories} selected={selectedCategory} onSelect={props.onSelectCategory} />
      {body}
      <ArticleReaderModal article={reading} fallbackAuthor={fallbackAuthor} onClose={() => setReading(null)} />
    </div>
  );
}
