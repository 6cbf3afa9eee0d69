// A small preview of an asset's first file (signed URL, or an icon for documents).
import { FileText, Film, ImageOff } from 'lucide-react';
import type { PublicMedia } from '../api/types';

export function MediaThumb({ media, url, className }: { media: PublicMedia | undefined; url: string | undefined; className?: string }) {
  const box = `flex items-center justify-center overflow-hidden bg-slate-100 ${className ?? ''}`;
  if (!media) return <div className={box}><ImageOff className="h-8 w-8 text-slate-400" aria-hidden="true" /></div>;
  if (media.kind === 'photo' && url) return <div className={box}><img src={url} alt="" loading="lazy" className="h-full w-full object-cover" /></div>;
  if (media.kind === 'video' && url) return <div className={box}><video src={`${url}#t=0.1`} muted preload="metadata" className="h-full w-full object-cover" /></div>;
  const Icon = media.kind === 'video' ? Film : FileText;
  return <div className={box}><Icon className="h-8 w-8 text-slate-400" aria-hidden="true" /></div>;
}
