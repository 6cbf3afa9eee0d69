// The files of an asset: images, videos and PDFs through short-lived signed URLs, with their
// server-computed SHA-256 fingerprints.
import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { PublicMedia } from '../api/types';
import { formatBytes } from '../lib/media-rules';
import { gallerySources } from '../lib/thumbnails';
import { i18n } from '@/lib/i18n/i18n';
import { mediaKindLabel } from '@/lib/labels/assets';

/**
 * urls: signed URL per media id (the owner's from storage, the public's from public-asset-media).
 * previews: a display-size rendition per photo id (the owner's signed render URLs, whose size is
 * fixed by their signature). With one, the photo shows it and the original opens only from the
 * "full size" link; public media URLs are resized through their query string instead.
 */
export function MediaViewer({
  media,
  urls,
  previews,
  loading,
}: {
  media: PublicMedia[];
  urls: Record<string, string> | undefined;
  previews?: Record<string, string>;
  loading: boolean;
}) {
  const [index, setIndex] = useState(0);
  if (media.length === 0) return <p className="text-sm text-slate-600">{i18n._('No files.')}</p>;
  const current = media[Math.min(index, media.length - 1)]!;
  const url = urls?.[current.id];
  const preview = current.kind === 'photo' ? previews?.[current.id] : undefined;
  return (
    <div className="space-y-3">
      {/* A photo's box has its final height from the first frame, loading or not: nothing below it moves
          when its URL and then the photo come (CLS, issue 29). */}
      <div
        className={cn(
          'flex items-center justify-center overflow-hidden rounded-md bg-slate-900',
          current.kind === 'photo' ? 'h-[min(60vh,36rem)]' : 'min-h-64',
        )}
      >
        {loading ? (
          <Spinner label={i18n._('Loading file...')} />
        ) : !url ? (
          <p className="p-6 text-sm text-white">{i18n._('This file cannot be shown.')}</p>
        ) : current.kind === 'photo' ? (
          <img
            {...(preview ? { src: preview } : gallerySources(url))}
            sizes="(min-width: 768px) 720px, 100vw"
            alt={i18n._('File {value} of {length}', { value: index + 1, length: media.length })}
            // A fixed box, whatever the photo's shape (it is letterboxed inside): nothing moves when
            // it loads. The attributes are the largest rendition's 4:3, for the browser's first layout.
            width={1280}
            height={960}
            // The asset page's largest paint: before its other images (issue 29).
            fetchPriority="high"
            className="h-[min(60vh,36rem)] w-full object-contain"
          />
        ) : current.kind === 'video' ? (
          <video src={url} controls playsInline className="max-h-[60vh] w-full" />
        ) : (
          <div className="flex w-full flex-col items-center gap-3 p-4">
            <iframe
              src={url}
              title={i18n._('Document {value}', { value: index + 1 })}
              className="h-[60vh] w-full rounded bg-white"
            />
            <a href={url} target="_blank" rel="noreferrer" className="text-sm text-blue-200 underline">
              {i18n._('Open the PDF')}
            </a>
          </div>
        )}
      </div>
      {current.kind === 'photo' && (
        // The line is kept while the links load, so the list below does not move when it fills in.
        <p className="min-h-5 text-sm">
          {preview && url && (
            <a href={url} target="_blank" rel="noreferrer" className="text-blue-700 underline">
              {i18n._('Open the full-size photo')}
            </a>
          )}
        </p>
      )}
      {media.length > 1 && (
        <div className="flex items-center justify-between">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIndex((i) => (i - 1 + media.length) % media.length)}
            aria-label={i18n._('Previous file')}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <span className="text-sm text-slate-600">
            {index + 1} / {media.length}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIndex((i) => (i + 1) % media.length)}
            aria-label={i18n._('Next file')}
          >
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      )}
      <ul className="space-y-1 text-xs text-slate-600">
        {media.map((m, i) => (
          <li key={m.id}>
            <button
              type="button"
              className={`text-left ${i === index ? 'font-semibold text-slate-900' : ''}`}
              onClick={() => setIndex(i)}
            >
              {i + 1}. {mediaKindLabel(m.kind)}, {formatBytes(Number(m.size_bytes))}
              {m.duration_seconds != null && `, ${Math.round(Number(m.duration_seconds))} s`}
            </button>
            <span className="block break-all font-mono text-[11px] text-slate-500">
              {i18n._('SHA-256')} {m.sha256}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
