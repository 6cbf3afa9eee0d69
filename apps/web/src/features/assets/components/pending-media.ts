// The local file list shared by the tag page and the "Add files" dialog: turning picked files into
// pending items (type fixed from the name, video length read, SPEC limits applied), what the price
// quote needs from them, and uploading the ones not uploaded yet with per-file progress.
import { i18n } from '@/lib/i18n/i18n';
import type { Dispatch, SetStateAction } from 'react';
import { uploadMedia } from '../api/upload-media';
import { kindOf, mimeOf, rejectReason } from '../lib/media-rules';
import type { PendingMedia } from './media-list';

/** The length of a local video file, or null when the browser cannot tell (e.g. live WebM). */
export function readDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const v = document.createElement('video');
    const done = (d: number | null) => {
      URL.revokeObjectURL(url);
      resolve(d);
    };
    const timer = setTimeout(() => done(null), 10_000);
    v.preload = 'metadata';
    v.onloadedmetadata = () => {
      clearTimeout(timer);
      done(Number.isFinite(v.duration) ? v.duration : null);
    };
    v.onerror = () => {
      clearTimeout(timer);
      done(null);
    };
    v.src = url;
  });
}

/** A file of a capture kept on this device (IndexedDB), as a pending item again. */
export function pendingFromStored(stored: {
  blob: Blob;
  name: string;
  type: string;
  durationSeconds: number | null;
}): PendingMedia {
  const file = new File([stored.blob], stored.name, { type: stored.type });
  return {
    id: crypto.randomUUID(),
    file,
    kind: kindOf(file) ?? 'photo',
    previewUrl: URL.createObjectURL(file),
    durationSeconds: stored.durationSeconds,
    progress: 0,
    uploadedName: null,
  };
}

export interface AcceptedFiles {
  accepted: PendingMedia[];
  /** Why the last refused file was refused (type, size or length), or null. */
  rejection: string | null;
  /** True when more files were picked than there is room for; the extra ones are dropped. */
  overLimit: boolean;
}

/** Checks picked files against the media rules; `room` is how many more the asset may have. */
export async function acceptFiles(
  files: File[],
  room: number,
  recordedSeconds?: number | null,
): Promise<AcceptedFiles> {
  const accepted: PendingMedia[] = [];
  let rejection: string | null = null;
  for (const original of files.slice(0, Math.max(0, room))) {
    const type = mimeOf(original);
    const file = type === original.type ? original : new File([original], original.name, { type });
    const kind = kindOf(file);
    const duration = kind === 'video' ? (recordedSeconds ?? (await readDuration(file))) : null;
    const reason = rejectReason(file, duration);
    if (reason || !kind) {
      rejection = reason ?? i18n._('This file type is not accepted');
      continue;
    }
    accepted.push({
      id: crypto.randomUUID(),
      file,
      kind,
      previewUrl: URL.createObjectURL(file),
      durationSeconds: duration,
      progress: 0,
      uploadedName: null,
    });
  }
  return { accepted, rejection, overLimit: files.length > room };
}

/** What the price quote counts: photos, documents and each video's length. */
export function quoteInputOf(media: PendingMedia[]) {
  return {
    photos: media.filter((m) => m.kind === 'photo').length,
    documents: media.filter((m) => m.kind === 'document').length,
    videoSeconds: media.filter((m) => m.kind === 'video').map((m) => m.durationSeconds),
  };
}

/** Uploads what is not uploaded yet (a retry after a failure re-uses finished uploads); returns every object name. */
export async function uploadPending(
  userId: string,
  media: PendingMedia[],
  setMedia: Dispatch<SetStateAction<PendingMedia[]>>,
): Promise<string[]> {
  const names: string[] = [];
  for (const m of media) {
    if (m.uploadedName) {
      names.push(m.uploadedName);
      continue;
    }
    const up = await uploadMedia(userId, m.file, (p) =>
      setMedia((all) => all.map((x) => (x.id === m.id ? { ...x, progress: p } : x))),
    );
    setMedia((all) => all.map((x) => (x.id === m.id ? { ...x, uploadedName: up.name } : x)));
    names.push(up.name);
  }
  return names;
}
