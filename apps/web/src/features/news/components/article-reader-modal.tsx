import { Badge } from '@/components/ui/badge';
import { Modal } from '@/components/ui/modal';
import type { NewsArticle } from '../api/types';
import { longDate, paragraphs } from '../lib/format';
import { ArticleImage } from './article-image';
import { displayName } from '@/lib/display-name';

interface ArticleReaderModalProps {
  article: NewsArticle | null;
  fallbackAuthor: string;
  onClose(): void;
}

/** The full article in a large modal: paragraphs split on line breaks, rendered as text. */
export function ArticleReaderModal({ article, fallbackAuthor, onClose }: ArticleReaderModalProps) {
  return (
    <Modal open={article !== null} onOpenChange={(open) => !open && onClose()} title={article?.title ?? ''} size="lg">
      {article && (
        <div className="space-y-4">
          {article.image_url && (
            <ArticleImage src={article.image_url} alt={article.title} className="max-h-80 w-full rounded-md" />
          )}
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
            <Badge tone="info">{article.news_category}</Badge>
            <span>{displayName(article.author, fallbackAuthor)}</span>
            <time dateTime={article.created_at}>{longDate(article.created_at)}</time>
          </div>
          <div className="space-y-3 text-slate-800" data-testid="article-body">
            {paragraphs(article.content).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </div>
      )}
    </Modal>
  );
}
