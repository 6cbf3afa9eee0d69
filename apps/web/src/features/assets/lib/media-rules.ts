// What the tagging screen accepts. The server enforces the same rules (bucket MIME list and size
// limit, register_asset per-type sizes and video length); these only give early feedback.
import { MAX_FILES_PER_ASSET, MAX_MEDIA_BYTES, MAX_VIDEO_SECONDS } from '@tagledger/functions-api';
import { i18n } from '@/lib/i18n/i18n';
import type { MediaKind } from '../api/types';

export const ACCEPTED_TYPES: Record<string, { kind: MediaKind; ext: string }> = {
  'image/jpeg': { kind: 'photo', ext: 'jpg' },
  'image/png': { kind: 'photo', ext: 'png' },
  'image/webp': { kind: 'photo', ext: 'webp' },
  'image/heic': { kind: 'photo', ext: 'heic' },
  'video/mp4': { kind: 'video', ext: 'mp4' },
  'video/quicktime': { kind: 'video', ext: 'mov' },
  'video/webm': { kind: 'video', ext: 'webm' },
  'application/pdf': { kind: 'document', ext: 'pdf' },
};
export const ACCEPT_ATTRIBUTE = Object.keys(ACCEPTED_TYPES).join(',') + ',.heic,.mov';
// The limits themselves are shared with the server (@tagledger/functions-api).
export const MAX_FILES = MAX_FILES_PER_ASSET;
export const MAX_BYTES: Record<MediaKind, number> = MAX_MEDIA_BYTES;
export { MAX_VIDEO_SECONDS };

/** Browsers report some types oddly (HEIC often as ''); fall back to the extension. */
export function mimeOf(file: { type: string; name: string }): string {
  if (file.type && ACCEPTED_TYPES[file.type]) return file.type;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, string> = {
    heic: 'image/heic',
    mov: 'video/quicktime',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    pdf: 'application/pdf',
  };
  return byExt[ext] ?? file.type;
}

export function kindOf(file: { type: string; name: string }): MediaKind | null {
  return ACCEPTED_TYPES[mimeOf(file)]?.kind ?? null;
}

export function extensionFor(file: { type: string; name: string }): string {
  return ACCEPTED_TYPES[mimeOf(file)]?.ext ?? 'bin';
}

/** Why a file cannot be added, or null when it can. */
export function rejectReason(
  file: { type: string; name: string; size: number },
  durationSeconds?: number | null,
): string | null {
  const kind = kindOf(file);
  if (!kind)
    return i18n._(
      '{name}: this file type is not accepted (photos JPG, PNG, WebP, HEIC; videos MP4, MOV, WebM; PDF documents)',
      { name: file.name },
    );
  if (file.size > MAX_BYTES[kind])
    return i18n._('{name} is larger than {mb} MB', { name: file.name, mb: MAX_BYTES[kind] / 1024 / 1024 });
  if (kind === 'video' && durationSeconds != null && durationSeconds > MAX_VIDEO_SECONDS) {
    return i18n._('{name} is longer than {seconds} seconds', { name: file.name, seconds: MAX_VIDEO_SECONDS });
  }
  return null;
}

export { formatBytes } from '@/utils/format';
