// Keeps a capture (files and the form so far) in IndexedDB, so a visitor can start tagging before
// signing in and find everything on /tag after sign-up. Files are stored as Blobs (no base64, no
// sessionStorage size limit). One draft per browser.
const DB_NAME = 'tagledger-capture';
const STORE = 'drafts';
const KEY = 'current';

export interface CaptureDraft {
  /** Who made the capture: another account on the same browser never sees it. */
  ownerId: string | null;
  files: { name: string; type: string; blob: Blob; durationSeconds: number | null }[];
  form: Record<string, unknown>;
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

export async function loadDraft(): Promise<CaptureDraft | null> {
  try {
    return (await run<CaptureDraft | undefined>('readonly', (s) => s.get(KEY))) ?? null;
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
