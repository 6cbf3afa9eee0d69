// Keeps a capture (files and the form so far) in IndexedDB, so a visitor can start tagging before
// signing in and find everything on /tag after sign-up. Files are stored as Blobs (no base64, no
// sessionStorage size limit). One account draft per browser, plus one guest slot filled by
// /start-tagging before sign-in and adopted by loadDraft on /tag.
import type { AssetFormValues } from './asset-form';

const DB_NAME = 'tagledger-capture';
const STORE = 'drafts';
const KEY = 'current';
/** A capture made on /start-tagging by a signed-out visitor; adopted by the next account that opens /tag. */
const GUEST_KEY = 'guest';

export interface CaptureDraft {
  /** Who made the capture: another account on the same browser never sees it. */
  ownerId: string | null;
  files: { name: string; type: string; blob: Blob; durationSeconds: number | null }[];
  /** The form as far as it was filled in (a draft saved by an older version may lack fields). */
  form: Partial<AssetFormValues>;
  savedAt: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      req.onsuccess = () => resolve(req.result as T);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

export function saveDraft(draft: CaptureDraft): Promise<void> {
  return run<void>('readwrite', (s) => s.put(draft, KEY)).then(() => undefined);
}

/**
 * The draft the tag page restores. Before reading the account slot this adopts a pending guest
 * capture (see adoptGuestInto): /tag is only reachable signed in, so whoever loads it is the account
 * that just signed up or in after capturing on /start-tagging. The adopted draft keeps ownerId null,
 * which the tag page accepts and re-saves under the signed-in user on its next autosave.
 */
export async function loadDraft(): Promise<CaptureDraft | null> {
  try {
    return await adoptGuestInto(idbSlots, null);
  } catch {
    return null;
  }
}

export async function clearDraft(): Promise<void> {
  try {
    await run<void>('readwrite', (s) => s.delete(KEY));
  } catch {
    /* nothing stored */
  }
}

// ---- Guest slot -------------------------------------------------------------------------------

/** The three operations the slot logic needs; IndexedDB in the app, a Map in unit tests. */
export interface DraftSlots {
  get(key: string): Promise<CaptureDraft | null>;
  put(key: string, draft: CaptureDraft): Promise<void>;
  delete(key: string): Promise<void>;
}

const idbSlots: DraftSlots = {
  get: async (key) => (await run<CaptureDraft | undefined>('readonly', (s) => s.get(key))) ?? null,
  put: (key, draft) => run<void>('readwrite', (s) => s.put(draft, key)).then(() => undefined),
  delete: (key) => run<void>('readwrite', (s) => s.delete(key)).then(() => undefined),
};

/** True when a draft holds nothing worth keeping (the tag page autosaves an empty form on every visit). */
export function isEmptyDraft(draft: CaptureDraft | null): boolean {
  return !draft || (draft.files.length === 0 && !String(draft.form.title ?? '').trim());
}

/**
 * Moves a pending guest capture into the account slot when that slot is empty, then deletes the
 * guest slot so a second account on this browser cannot pick it up too. A non-empty account slot
 * wins (never overwrite someone's unfinished capture); the guest capture then stays pending.
 * Returns what the account slot holds afterwards.
 */
export async function adoptGuestInto(slots: DraftSlots, ownerId: string | null): Promise<CaptureDraft | null> {
  const current = await slots.get(KEY);
  if (!isEmptyDraft(current)) return current;
  const guest = await slots.get(GUEST_KEY);
  if (isEmptyDraft(guest)) return current;
  const adopted: CaptureDraft = { ...guest!, ownerId };
  await slots.put(KEY, adopted);
  await slots.delete(GUEST_KEY);
  return adopted;
}

export function saveGuestCapture(draft: Omit<CaptureDraft, 'ownerId'>, slots: DraftSlots = idbSlots): Promise<void> {
  return slots.put(GUEST_KEY, { ...draft, ownerId: null });
}

export async function loadGuestCapture(slots: DraftSlots = idbSlots): Promise<CaptureDraft | null> {
  try {
    return await slots.get(GUEST_KEY);
  } catch {
    return null;
  }
}

export async function clearGuestCapture(slots: DraftSlots = idbSlots): Promise<void> {
  try {
    await slots.delete(GUEST_KEY);
  } catch {
    /* nothing stored */
  }
}

/** Makes a pending guest capture the given account's (used where the user id is known). */
export function adoptGuestCapture(userId: string, slots: DraftSlots = idbSlots): Promise<CaptureDraft | null> {
  return adoptGuestInto(slots, userId);
}
