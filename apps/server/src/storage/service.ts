// Storage for server code (server functions, jobs): the same engine as /storage/v1, called as the
// service role. These calls bypass RLS — callers check the user's permissions first.
// Errors are StorageError (errors.ts): NoSuchBucket, EntityTooLarge, InvalidMimeType,
// KeyAlreadyExists (without upsert), InvalidKey.
import { Readable } from 'node:stream';
import type { Queryable } from '@tagledger/db';
import type { Config } from '../config/index.js';
import type { AppContext } from '../shared/context.js';
import type { StorageBackend } from './backend.js';
import { blobKey, createStorageBackend, SERVICE_CALLER, storageEngine } from './engine.js';
import { StorageError } from './errors.js';
import { servedMimeType } from './mime.js';
import { signDownloadToken, signHeirMediaToken, signPublicMediaToken } from './tokens.js';

export { StorageError } from './errors.js';

export interface PutObjectInput {
  bucket: string;
  /** Object name inside the bucket, e.g. `${userId}/report-1.jpg`. */
  name: string;
  body: Buffer;
  contentType: string;
  /** Recorded as owner/owner_id (policies such as "owner can read" use it). */
  ownerId?: string;
  upsert?: boolean;
  cacheControl?: string;
}

/** Stores bytes with the same checks as an upload (bucket limits, MIME, signature) and sha256 metadata. */
export async function putObject(
  ctx: AppContext,
  input: PutObjectInput,
): Promise<{ id: string; path: string; fullPath: string }> {
  const { id, key } = await storageEngine(ctx).upload(SERVICE_CALLER, {
    bucket: input.bucket,
    name: input.name,
    body: Readable.from([input.body]),
    contentType: input.contentType,
    cacheControl: input.cacheControl,
    upsert: input.upsert ?? false,
    contentLength: input.body.length,
    ownerId: input.ownerId,
  });
  return { id, path: input.name, fullPath: key };
}

/** The object's bytes, type and metadata (size, mimetype, eTag, sha256, …), or null if absent. */
export async function getObject(
  ctx: AppContext,
  bucket: string,
  name: string,
): Promise<{ body: Buffer; contentType: string; metadata: Record<string, unknown> } | null> {
  const engine = storageEngine(ctx);
  try {
    const row = await engine.findObject(SERVICE_CALLER, bucket, name);
    const body = await engine.readAll(row);
    const metadata = row.metadata ?? {};
    return { body, contentType: servedMimeType(metadata.mimetype), metadata };
  } catch (err) {
    if (err instanceof StorageError && err.code === 'NoSuchKey') return null;
    throw err;
  }
}

/** The object's bytes as a stream, or null if absent — for answers too large to hold in memory (archives). */
export async function openObject(ctx: AppContext, bucket: string, name: string): Promise<Readable | null> {
  const engine = storageEngine(ctx);
  try {
    const row = await engine.findObject(SERVICE_CALLER, bucket, name);
    return await engine.openBytes(row);
  } catch (err) {
    if (err instanceof StorageError && err.code === 'NoSuchKey') return null;
    throw err;
  }
}

/** Deletes the named objects (rows and bytes); returns the names that existed. */
export async function removeObjects(ctx: AppContext, bucket: string, names: string[]): Promise<string[]> {
  const rows = await storageEngine(ctx).remove(SERVICE_CALLER, bucket, names);
  return rows.map((r) => String(r.name));
}

/**
 * A URL, relative to the server origin, that downloads the object without further auth until it
 * expires: `/storage/v1/object/sign/<bucket>/<name>?token=…`. Throws NoSuchKey if it is absent.
 */
export async function createSignedUrl(
  ctx: AppContext,
  bucket: string,
  name: string,
  expiresInSeconds: number,
): Promise<string> {
  await storageEngine(ctx).findObject(SERVICE_CALLER, bucket, name);
  return signedObjectPath(ctx, bucket, name, expiresInSeconds);
}

/**
 * Of `names`, the objects of `bucket` the transaction's caller may read: storage's own rule (RLS on
 * storage.objects), so a file row the caller cannot see, or one storage does not hold, is never signed.
 */
export async function readableObjectNames(tx: Queryable, bucket: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const { rows } = await tx.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
    [bucket, names],
  );
  return new Set(rows.map((r) => r.name));
}

/**
 * The same URL without looking the object up, for a caller that has checked who may read it:
 * `/storage/v1/object/sign/…`, or `/storage/v1/render/image/sign/…` with the transformation signed
 * into the token (a thumbnail).
 */
export async function signedObjectPath(
  ctx: AppContext,
  bucket: string,
  name: string,
  expiresInSeconds: number,
  transform?: Record<string, unknown>,
): Promise<string> {
  const token = await signDownloadToken(ctx, bucket, name, Math.max(1, Math.floor(expiresInSeconds)), transform);
  const path = [bucket, ...name.split('/')].map(encodeURIComponent).join('/');
  return `/storage/v1/${transform ? 'render/image/sign' : 'object/sign'}/${path}?token=${token}`;
}

/**
 * A URL, relative to the storage origin, for one file of a public asset by its media id:
 * `/storage/v1/media/<id>?token=…`. Names no object or owner; stops working as soon as the asset
 * is no longer public (the route checks on every request), and in any case when it expires.
 */
export async function createPublicMediaUrl(
  ctx: AppContext,
  mediaId: string,
  expiresInSeconds: number,
): Promise<string> {
  const token = await signPublicMediaToken(ctx, mediaId, Math.max(1, Math.floor(expiresInSeconds)));
  return `/storage/v1/media/${encodeURIComponent(mediaId)}?token=${token}`;
}

/**
 * A URL, relative to the storage origin, for one file of an asset released to an heir, by media
 * id: `/storage/v1/media/<id>?token=…`. The token names the heir; the route checks on every request
 * that the file's asset is still released to them, so only the caller's own permission is needed
 * here (the caller checked it). Images take the same transformations as public media.
 */
export async function createHeirMediaUrl(
  ctx: AppContext,
  mediaId: string,
  heirId: string,
  expiresInSeconds: number,
): Promise<string> {
  const token = await signHeirMediaToken(ctx, mediaId, heirId, Math.max(1, Math.floor(expiresInSeconds)));
  return `/storage/v1/media/${encodeURIComponent(mediaId)}?token=${token}`;
}

/**
 * The stored files' bytes as a backup copies them (operations/backup.ts): each stored version under
 * the key the store keeps it at (storedFileKey), which is also the name an archive gives the file. No object rows,
 * buckets or checks — a backup reads every file, and a restore writes files whose rows it loads
 * itself, first under a staging prefix, then in place. Only backups and restores use it.
 */
export interface StoredFiles {
  /** The bytes under key, or null when it holds nothing. */
  read(key: string): Promise<Readable | null>;
  /** Stores the whole stream under key; leaves nothing behind if the stream fails. */
  write(key: string, body: Readable): Promise<void>;
  exists(key: string): Promise<boolean>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Removes what is left under a prefix once its keys are removed (the file store's empty folders). */
  removeFolder(prefix: string): Promise<void>;
}

/** The key a stored version's bytes are kept under (`storage.objects.version`), in every store. */
export function storedFileKey(version: string): string {
  return blobKey(version);
}

function storedFilesIn(backend: StorageBackend): StoredFiles {
  return {
    read: (key) => backend.get(key),
    write: (key, body) => backend.put(key, body),
    exists: async (key) => (await backend.stat(key)) !== null,
    copy: (fromKey, toKey) => backend.copy(fromKey, toKey),
    remove: (key) => backend.delete(key),
    removeFolder: async (prefix) => {
      await backend.removeFolder?.(prefix);
    },
  };
}

/** The running app's stored files (the same store its storage API uses). */
export function storedFiles(ctx: AppContext): StoredFiles {
  return storedFilesIn(storageEngine(ctx).backend);
}

/** The stored files of a configuration, for the command line when no server is running (`npm run backup`). */
export function storedFilesOf(config: Config): StoredFiles {
  return storedFilesIn(createStorageBackend(config));
}
