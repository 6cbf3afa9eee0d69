// The guest slot's adoption rules, run against an in-memory DraftSlots (the IndexedDB adapter is a
// thin get/put/delete; fake-indexeddb is not installed, the e2e guest-capture spec covers the real one).
import { describe, expect, it } from 'vitest';
import {
  adoptGuestCapture,
  adoptGuestInto,
  isEmptyDraft,
  loadGuestCapture,
  saveGuestCapture,
  type CaptureDraft,
  type DraftSlots,
} from './capture-store';

function memorySlots(initial: Record<string, CaptureDraft> = {}): DraftSlots & { data: Map<string, CaptureDraft> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: async (k) => data.get(k) ?? null,
    put: async (k, d) => void data.set(k, d),
    delete: async (k) => void data.delete(k),
  };
}

const photo = {
  name: 'chair.jpg',
  type: 'image/jpeg',
  blob: new Blob(['x'], { type: 'image/jpeg' }),
  durationSeconds: null,
};
const draft = (over: Partial<CaptureDraft> = {}): CaptureDraft => ({
  ownerId: null,
  files: [photo],
  form: { kind: 'general' },
  savedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('guest capture slot', () => {
  it('saves and loads the guest capture without an owner', async () => {
    const slots = memorySlots();
    await saveGuestCapture({ files: [photo], form: { kind: 'legacy' }, savedAt: 'now' }, slots);
    const loaded = await loadGuestCapture(slots);
    expect(loaded?.ownerId).toBeNull();
    expect(loaded?.form.kind).toBe('legacy');
    expect(slots.data.has('current')).toBe(false);
  });

  it('moves a guest capture into an empty account slot and deletes the guest slot', async () => {
    const slots = memorySlots({ guest: draft({ form: { kind: 'digital' } }) });
    const adopted = await adoptGuestCapture('user-1', slots);
    expect(adopted?.ownerId).toBe('user-1');
    expect(adopted?.files).toHaveLength(1);
    expect(slots.data.get('current')?.form.kind).toBe('digital');
    expect(slots.data.has('guest')).toBe(false);
  });

  it('treats an autosaved empty form as an empty account slot', async () => {
    const slots = memorySlots({
      current: draft({ ownerId: 'user-1', files: [], form: { title: '  ' } }),
      guest: draft(),
    });
    const adopted = await adoptGuestInto(slots, null);
    expect(adopted?.files).toHaveLength(1);
    expect(slots.data.has('guest')).toBe(false);
  });

  it('never overwrites an unfinished account capture; the guest capture stays pending', async () => {
    const mine = draft({ ownerId: 'user-1', files: [], form: { title: 'Bike' } });
    const slots = memorySlots({ current: mine, guest: draft() });
    expect(await adoptGuestInto(slots, 'user-1')).toBe(mine);
    expect(slots.data.get('current')).toBe(mine);
    expect(slots.data.has('guest')).toBe(true);
  });

  it('returns the account slot unchanged when there is no guest capture', async () => {
    const empty = draft({ ownerId: 'user-1', files: [], form: {} });
    const slots = memorySlots({ current: empty });
    expect(await adoptGuestInto(slots, 'user-1')).toBe(empty);
    expect(await adoptGuestInto(memorySlots(), 'user-1')).toBeNull();
  });

  it('knows what an empty draft is', () => {
    expect(isEmptyDraft(null)).toBe(true);
    expect(isEmptyDraft(draft({ files: [], form: {} }))).toBe(true);
    expect(isEmptyDraft(draft({ files: [], form: { title: 'Watch' } }))).toBe(false);
    expect(isEmptyDraft(draft())).toBe(false);
  });
});
