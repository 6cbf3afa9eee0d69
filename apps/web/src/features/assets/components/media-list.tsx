// The selected files with previews, type, size, length and upload progress.
import { FileText, Film, X } from 'lucide-react';
import { formatBytes } from '../lib/media-rules';
import type { MediaKind } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { mediaKindLabel } from '@/lib/labels/assets';

export interface PendingMedia {
  id: string;
  file: File;
  kind: MediaKind;
  previewUrl: string;
  durationSeconds: number | null;
  progress: number;
  uploadedName: string | null;
}

interface Props {
  items: PendingMedia[];
  onRemove(id: string): void;
  disabled?: boolean;
}

export function MediaList({ items, onRemove, disabled }: Props) {
  if (items.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={i18n._('Selected files')}>
      {items.map((m) => (
        <li key={m.id} className="relative overflow-hidden rounded-md border border-slate-200 bg-white">
          <div className="flex aspect-square items-center justify-center bg-slate-100">
            {m.kind === 'photo' && <img src={m.previewUrl} alt={m.file.name} className="h-full w-full object-cover" />}
            {m.kind === 'video' && (
              <video
                src={m.previewUrl}
                className="h-full w-full object-cover"
                muted
                playsInline
                aria-label={m.file.name}
              />
            )}
            {m.kind === 'document' && <FileText className="h-10 w-10 text-slate-500" aria-hidden="true" />}
          </div>
          <div className="space-y-1 p-2 text-xs">
            <p className="truncate font-medium text-slate-900" title={m.file.name}>
              {m.file.name}
            </p>
            <p className="flex items-center gap-1 text-slate-600">
              {m.kind === 'video' && <Film className="h-3 w-3" aria-hidden="true" />}
              {mediaKindLabel(m.kind)} · {formatBytes(m.file.size)}
              {m.durationSeconds != null && ` · ${Math.round(m.durationSeconds)} s`}
            </p>
            {m.progress > 0 && (
              <div
                className="h-1.5 w-full overflow-hidden rounded bg-slate-200"
                role="progressbar"
                aria-label={i18n._('Upload of {name}', { name: m.file.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(m.progress * 100)}
              >
                <div className="h-full bg-blue-600" style={{ width: `${Math.round(m.progress * 100)}%` }} />
              </div>
            )}
          </div>
          {!disabled && (
            <button
              type="button"
              onClick={() => onRemove(m.id)}
              className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:bg-white"
              aria-label={i18n._('Remove {name}', { name: m.file.name })}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
