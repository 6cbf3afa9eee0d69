// A small preview of an asset's first file (signed URL, or an icon for documents). Photos load a
// thumbnail of the size the card shows (srcset), lazily unless the card is above the fold.
import { FileText, Film, ImageOff } from 'lucide-react';
import type { PublicMedia } from '../api/types';
import { GRID_THUMB_SIZES, thumbnailSources } from '../lib/thumbnails';

export function MediaThumb({
  media,
  url,
  className,
  aboveFold = false,
  first = false,
  deferred = false,
  onSettled,
}: {
  media: PublicMedia | undefined;
  url: string | undefined;
  className?: string;
  /** The first cards of a list: loaded at once instead of when scrolled near. */
  aboveFold?: boolean;
  /** The list's first photo, most likely the screen's largest paint: asked for before the others. */
  first?: boolean;
  /** Not asked for yet: the box is shown empty (its size is fixed) until the list's first photo is in. */
  deferred?: boolean;
  /** Called once the photo has loaded or failed. */
  onSettled?: () => void;
}) {
  const box = `flex items-center justify-center overflow-hidden bg-slate-100 ${className ?? ''}`;
  if (!media)
    return (
      <div className={box}>
        <ImageOff className="h-8 w-8 text-slate-400" aria-hidden="true" />
      </div>
    );
  if (media.kind === 'photo' && url && deferred) return <div className={box} />;
  if (media.kind === 'photo' && url) {
    const sources = thumbnailSources(url);
    return (
      <div className={box}>
        <img
          {...sources}
          sizes={GRID_THUMB_SIZES}
          width={640}
          height={360}
          alt=""
          loading={aboveFold || first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
          onLoad={onSettled}
          onError={onSettled}
          className="h-full w-full object-cover"
        />
      </div>
    );
  }
  if (media.kind === 'video' && url)
    return (
      <div className={box}>
        <video src={`${url}#t=0.1`} muted preload="metadata" className="h-full w-full object-cover" />
      </div>
    );
  const Icon = media.kind === 'video' ? Film : FileText;
  return (
    <div className={box}>
      <Icon className="h-8 w-8 text-slate-400" aria-hidden="true" />
    </div>
  );
}
