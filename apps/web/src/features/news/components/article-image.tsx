import { ImageOff, Newspaper } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';

interface ArticleImageProps {
  src: string | null;
  alt: string;
  className?: string;
}

/** The article image, or a placeholder when there is none or it fails to load. */
export function ArticleImage({ src, alt, className }: ArticleImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div
        role="img"
        aria-label={src ? i18n._('Image unavailable') : i18n._('No image')}
        data-testid="article-image-placeholder"
        className={cn('flex items-center justify-center bg-slate-100 text-slate-400', className)}
      >
        {src ? (
          <ImageOff className="h-10 w-10" aria-hidden="true" />
        ) : (
          <Newspaper className="h-10 w-10" aria-hidden="true" />
        )}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
      className={cn('object-cover', className)}
    />
  );
}
