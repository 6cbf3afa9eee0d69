// /news (SPEC §2): published articles for signed-in users, newest first, by category, loaded page
// by page while the reader scrolls.
import { useState } from 'react';
import { PageMeta } from '@/components/page-meta';
import { appConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { usePublishedCategories } from '../api/get-categories';
import { usePublishedArticles } from '../api/get-published-articles';
import { NewsListView } from '../components/news-list-view';
import { teamName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';

export default function NewsPage() {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const [category, setCategory] = useState<string | null>(null);
  const articles = usePublishedArticles(category, signedIn);
  const categories = usePublishedCategories(signedIn);

  return (
    <>
      <PageMeta title={i18n._('News')} description={i18n._('The latest news and updates.')} />
      <NewsListView
        articles={articles.data?.pages.flat() ?? []}
        categories={categories.data ?? []}
        selectedCategory={category}
        onSelectCategory={setCategory}
        loading={articles.isPending && signedIn}
        failed={articles.isError}
        hasMore={Boolean(articles.hasNextPage)}
        loadingMore={articles.isFetchingNextPage}
        onLoadMore={() => void articles.fetchNextPage()}
        fallbackAuthor={teamName(appConfig.appName)}
      />
    </>
  );
}
