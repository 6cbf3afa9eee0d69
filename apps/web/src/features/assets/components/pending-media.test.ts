// The shared file-list rules of the tag page and the "Add files" dialog.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptFiles, quoteInputOf } from './pending-media';

beforeEach(() => {
  // jsdom has no object URLs; the previews only need a distinct string.
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => undefined }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const photo = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

describe('pending media', () => {
  it('accepts files up to the room left and says when more were picked', async () => {
    const r = await acceptFiles([photo('a.jpg'), photo('b.jpg'), photo('c.jpg')], 2);
    expect(r.accepted.map((m) => m.file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(r.accepted.every((m) => m.kind === 'photo' && m.progress === 0 && m.uploadedName === null)).toBe(true);
    expect(r.overLimit).toBe(true);
    expect(r.rejection).toBeNull();
  });

  it('refuses types that are not accepted, with a reason, and fixes the type from the name', async () => {
    const heic = new File([new Uint8Array(4)], 'IMG_1.HEIC', { type: '' });
    const r = await acceptFiles([new File(['x'], 'notes.exe', { type: 'application/x-msdownload' }), heic], 20);
    expect(r.rejection).toEqual(expect.any(String));
    expect(r.accepted).toHaveLength(1);
    expect(r.accepted[0]!.file.type).toBe('image/heic');
    expect(r.overLimit).toBe(false);
  });

  it('counts photos, documents and video lengths for the quote', () => {
    const base = { file: photo('a.jpg'), previewUrl: '', progress: 0, uploadedName: null };
    expect(
      quoteInputOf([
        { ...base, id: '1', kind: 'photo', durationSeconds: null },
        { ...base, id: '2', kind: 'document', durationSeconds: null },
        { ...base, id: '3', kind: 'video', durationSeconds: 42 },
        { ...base, id: '4', kind: 'photo', durationSeconds: null },
      ]),
    ).toEqual({ photos: 2, documents: 1, videoSeconds: [42] });
  });
});
