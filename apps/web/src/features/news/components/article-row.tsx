import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { NewsArticle } from '../api/types';
import { ADMIN_EXCERPT_LENGTH, adminVersion, categoryLabel, excerpt, shortDate } from '../lib/format';
import { displayName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';

interface ArticleRowProps {
  article: NewsArticle;
  busy: boolean;
  onTogglePublish(article: NewsArticle): void;
  onEdit(article: NewsArticle): void;
  onDelete(article: NewsArticle): void;
}

/** One row of 'All Articles' (SPEC §2 News management). */
export function ArticleRow({ article, busy, onTogglePublish, onEdit, onDelete }: ArticleRowProps) {
  const shown = adminVersion(article);
  const title = shown?.title ?? '';
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900" lang={shown?.language}>
            {title}
          </h3>
          <Badge tone={article.is_published ? 'success' : 'warning'}>
            {article.is_published ? i18n._('Published') : i18n._('Draft')}
          </Badge>
          <Badge tone="info">{categoryLabel(article.news_category)}</Badge>
        </div>
        <p className="flex flex-wrap gap-2" data-testid="article-languages">
          {article.versions.map((v) => (
            <Badge key={v.language} tone={v.status === 'published' ? 'success' : 'warning'}>
              {v.language === 'fr'
                ? v.status === 'published'
                  ? i18n._('French: published')
                  : i18n._('French: draft')
                : v.status === 'published'
                  ? i18n._('English: published')
                  : i18n._('English: draft')}
            </Badge>
          ))}
        </p>
        <p className="text-sm text-slate-600">{excerpt(shown?.content ?? '', ADMIN_EXCERPT_LENGTH)}</p>
        <p className="text-xs text-slate-500">
          <span>{displayName(article.author, i18n._('Unknown Author'))}</span>
          {' · '}
          <time dateTime={article.created_at}>{shortDate(article.created_at)}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="ghost"
          size="icon"
          disabled={busy}
          onClick={() => onTogglePublish(article)}
          aria-label={
            article.is_published ? i18n._('Unpublish {title}', { title }) : i18n._('Publish {title}', { title })
          }
          title={article.is_published ? i18n._('Unpublish') : i18n._('Publish')}
        >
          {article.is_published ? (
            <EyeOff className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Eye className="h-4 w-4" aria-hidden="true" />
          )}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onEdit(article)}
          aria-label={i18n._('Edit {title}', { title })}
          title={i18n._('Edit')}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onDelete(article)}
          aria-label={i18n._('Delete {title}', { title })}
          title={i18n._('Delete')}
        >
          <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
