import { Badge } from '@/components/ui/badge';
import { Modal } from '@/components/ui/modal';
import type { NewsArticle } from '../api/types';
import { categoryLabel, longDate, paragraphs, readerVersion } from '../lib/format';
import { ArticleImage } from './article-image';
import { UntranslatedNote } from './untranslated-note';
import { displayName } from '@/lib/display-name';

interface ArticleReaderModalProps {
  article: NewsArticle | null;
  fallbackAuthor: string;
  onClose(): void;
}

/**
 * The full article in a large modal, in the reader's language or, with a note, the other one:
 * paragraphs split on line breaks, rendered as text.
 */
export function ArticleReaderModal({ article, fallbackAuthor, onClose }: ArticleReaderModalProps) {
  const shown = article ? readerVersion(article) : null;
  const version = shown?.version;
  return (
    <Modal
      open={article !== null && shown !== null}
      onOpenChange={(open) => !open && onClose()}
      title={version?.title ?? ''}
      size="lg"
    >
      {article && version && (
        <div className="space-y-4" lang={version.language}>
          {shown.untranslated && <UntranslatedNote shownIn={version.language} />}
          {article.image_url && (
            <ArticleImage
              src={article.image_url}
              alt={version.image_alt ?? version.title}
              className="max-h-80 w-full rounded-md"
            />
          )}
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
            <Badge tone="info">{categoryLabel(article.news_category)}</Badge>
            <span>{displayName(article.author, fallbackAuthor)}</span>
            <time dateTime={article.created_at}>{longDate(article.created_at)}</time>
          </div>
          <div className="space-y-3 text-slate-800" data-testid="article-body">
            {paragraphs(version.content).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </div>
      )}
    </Modal>
  );
}
