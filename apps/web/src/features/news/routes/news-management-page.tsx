// /news-management (SPEC §2): admins manage every article. The router's admin guard protects the
// route; the screen checks again (SPEC: "guarded inside the screen itself") — and RLS is the
// real gate for every call it makes.
import { useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { useDeleteArticle } from '../api/delete-article';
import { useAdminArticles } from '../api/get-admin-articles';
import { useArticleCounts } from '../api/get-article-counts';
import { usePublishedCategories } from '../api/get-categories';
import { useSaveArticle, useSetPublished } from '../api/save-article';
import type { ArticleInput, NewsArticle } from '../api/types';
import { ArticleFormModal } from '../components/article-form-modal';
import { NewsManagementView } from '../components/news-management-view';
import { categoryOptions } from '../lib/format';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function NewsManagementPage() {
  const { user, profile, initialized, loading } = useAuth();
  const isAdmin = profile?.role === 'admin';
  const articles = useAdminArticles(isAdmin);
  const counts = useArticleCounts(isAdmin);
  const categories = usePublishedCategories(isAdmin);
  const save = useSaveArticle();
  const setPublished = useSetPublished();
  const remove = useDeleteArticle();
  const [form, setForm] = useState<{ open: boolean; article: NewsArticle | null }>({ open: false, article: null });
  const [deleting, setDeleting] = useState<NewsArticle | null>(null);

  // A token refresh also sets `loading`; keep the screen (and any open form) while a profile is known.
  if (!initialized || (loading && !profile)) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={i18n._('Loading...')} showLabel />
      </div>
    );
  }
  if (!user) return <Navigate to={paths.auth} replace />;
  if (!isAdmin) return <Navigate to={paths.unauthorized} replace />;

  const submit = (input: ArticleInput) => {
    const editing = form.article;
    save.mutate(
      { ...(editing ? { id: editing.id } : {}), input },
      {
        onSuccess: () => {
          toast.success(editing ? i18n._('Article updated successfully') : i18n._('Article created successfully'));
          setForm({ open: false, article: null });
        },
        onError: (err) => toast.error(toAppError(err, i18n._('Failed to save article')).message),
      },
    );
  };

  const togglePublish = (a: NewsArticle) =>
    setPublished.mutate(
      { id: a.id, isPublished: !a.is_published },
      {
        onSuccess: (status) =>
          toast.success(
            status === 'published'
              ? i18n._('Article published successfully')
              : i18n._('Article unpublished successfully'),
          ),
        onError: () => toast.error(i18n._('Failed to update article status')),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(i18n._('Article deleted successfully'));
        setDeleting(null);
      },
      onError: () => toast.error(i18n._('Failed to delete article')),
    });
  };

  const error = articles.isError ? articles.error?.message || i18n._('Failed to fetch articles') : null;

  return (
    <>
      <PageMeta title={i18n._('News Management')} />
      <NewsManagementView
        articles={error ? [] : (articles.data?.pages.flat() ?? [])}
        counts={counts.data}
        loading={articles.isPending}
        error={error}
        onRetry={() => {
          void articles.refetch();
          void counts.refetch();
        }}
        hasMore={Boolean(articles.hasNextPage)}
        loadingMore={articles.isFetchingNextPage}
        onLoadMore={() => void articles.fetchNextPage()}
        busyId={setPublished.isPending ? (setPublished.variables?.id ?? null) : null}
        onCreate={() => setForm({ open: true, article: null })}
        onEdit={(article) => setForm({ open: true, article })}
        onTogglePublish={togglePublish}
        deleting={deleting}
        deletePending={remove.isPending}
        onAskDelete={setDeleting}
        onConfirmDelete={confirmDelete}
      />
      <ArticleFormModal
        open={form.open}
        article={form.article}
        categories={categoryOptions(categories.data ?? [], form.article?.news_category)}
        saving={save.isPending}
        onClose={() => setForm({ open: false, article: null })}
        onSubmit={submit}
      />
    </>
  );
}
