// The files of an asset: images, videos and PDFs through short-lived signed URLs, with their
// server-computed SHA-256 fingerprints.
import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { PublicMedia } from '../api/types';
import { formatBytes } from '../lib/media-rules';

/** urls: signed URL per media id (the owner's from storage, the public's from public-asset-media). */
export function MediaViewer({ media, urls, loading }: { media: PublicMedia[]; urls: Record<string, string> | undefined; loading: boolean }) {
  const [index, setIndex] = useState(0);
  if (media.length === 0) return <p className="text-sm text-slate-600">No files.</p>;
  const current = media[Math.min(index, media.length - 1)]!;
  const url = urls?.[current.id];
  return (
    <div className="space-y-3">
      <div className="flex min-h-64 items-center justify-center overflow-hidden rounded-md bg-slate-900">
        {loading ? (
          <Spinner label="Loading file..." />
        ) : !url ? (
          <p className="p-6 text-sm text-white">This file cannot be shown.</p>
        ) : current.kind === 'photo' ? (
          <img src={url} alt={`File ${index + 1} of ${media.length}`} className="max-h-[60vh] w-full object-contain" />
        ) : current.kind === 'video' ? (
          <video src={url} controls playsInline className="max-h-[60vh] w-full" />
        ) : (
          <div className="flex w-full flex-col items-center gap-3 p-4">
            <iframe src={url} title={`Document ${index + 1}`} className="h-[60vh] w-full rounded bg-white" />
            <a href={url} target="_blank" rel="noreferrer" className="text-sm text-blue-200 underline">Open the PDF</a>
          </div>
        )}
      </div>
      {media.length > 1 && (
        <div className="flex items-center justify-between">
          <Button variant="outline" size="sm" onClick={() => setIndex((i) => (i - 1 + media.length) % media.length)} aria-label="Previous file">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <span className="text-sm text-slate-600">{index + 1} / {media.length}</span>
          <Button variant="outline" size="sm" onClick={() => setIndex((i) => (i + 1) % media.length)} aria-label="Next file">
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      )}
      <ul className="space-y-1 text-xs text-slate-600">
        {media.map((m, i) => (
          <li key={m.id}>
            <button type="button" className={`text-left ${i === index ? 'font-semibold text-slate-900' : ''}`} onClick={() => setIndex(i)}>
              {i + 1}. {m.kind}, {formatBytes(Number(m.size_bytes))}
              {m.duration_seconds != null && `, ${Math.round(Number(m.duration_seconds))} s`}
            </button>
            <span className="block break-all font-mono text-[11px] text-slate-500">SHA-256 {m.sha256}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
