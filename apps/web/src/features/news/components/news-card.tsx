import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import type { NewsArticle } from '../api/types';
import { CARD_EXCERPT_LENGTH, categoryLabel, excerpt, readerVersion, shortDate } from '../lib/format';
import { ArticleImage } from './article-image';
import { UntranslatedNote } from './untranslated-note';
import { displayName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';

interface NewsCardProps {
  article: NewsArticle;
  /** Shown when the author has no name (SPEC: the product's team name). */
  fallbackAuthor: string;
  onReadMore(article: NewsArticle): void;
}

export function NewsCard({ article, fallbackAuthor, onReadMore }: NewsCardProps) {
  const shown = readerVersion(article);
  if (!shown) return null;
  const { version, untranslated } = shown;
  return (
    <article
      lang={version.language}
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <ArticleImage src={article.image_url} alt={version.image_alt ?? version.title} className="h-48 w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div>
          <Badge tone="info">{categoryLabel(article.news_category)}</Badge>
        </div>
        <h2 className="text-lg font-semibold text-slate-900">{version.title}</h2>
        {untranslated && <UntranslatedNote shownIn={version.language} />}
        <p className="flex-1 text-sm text-slate-600">{excerpt(version.content, CARD_EXCERPT_LENGTH)}</p>
        <div className="flex items-center justify-between text-xs text-slate-500">
          <span>{displayName(article.author, fallbackAuthor)}</span>
          <time dateTime={article.created_at}>{shortDate(article.created_at)}</time>
        </div>
        <Button
          variant="link"
          className="self-start"
          onClick={() => onReadMore(article)}
          aria-label={i18n._('Read More: {title}', { title: version.title })}
        >
          {i18n._('Read More')}
        </Button>
      </div>
    </article>
  );
}
