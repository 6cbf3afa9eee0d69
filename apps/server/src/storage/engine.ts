// The storage service's core, shared by the HTTP routes and by server code (service.ts).
// Metadata lives in storage.buckets / storage.objects and every statement runs as the caller's
// role (withRequestContext), so RLS policies decide; bytes go through a StorageBackend.
//
// Ordering rule that keeps bytes and rows consistent: bytes are written under a fresh key
// (objects.version) before the row points at them, and removed again if the row write fails;
// the bytes a row pointed at before are deleted only after the new row has committed.
import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config/index.js';
import type { AppContext } from '../shared/context.js';
import { withRequestContext, withRoleWithin, type DbRole, type Tx } from '@tagledger/db';
import { createFileBackend, type ByteRange, type StorageBackend } from './backend.js';
import { errors, fromDbError, StorageError } from './errors.js';
import { Inspector } from './ingest.js';
import { baseMimeType, checkedMimeType, isMimeAllowed } from './mime.js';
import { isoTimestampSql } from './timestamps.js';
import { isUuid } from '../shared/uuid.js';

export interface Caller {
  role: DbRole;
  /** Verified JWT claims (sub → owner). */
  claims: Record<string, unknown>;
  /** The HTTP request, exposed to policies as request.method / request.path / request.headers. */
  request?: { method: string; path: string; headers: Record<string, string> };
}

export const SERVICE_CALLER: Caller = { role: 'service_role', claims: { role: 'service_role' } };

export interface BucketRow {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  updated_at: string;
  created_at: string;
}

export interface UploadInput {
  bucket: string;
  name: string;
  body: Readable;
  /** The declared type (full header value); only its checked type/subtype is stored (mime.ts). */
  contentType: string;
  cacheControl?: string | undefined;
  userMetadata?: Record<string, unknown> | undefined;
  upsert: boolean;
  /** Declared length, when known: lets an oversize upload fail before any byte is read. */
  contentLength?: number | undefined;
  /** Owner to record; defaults to the caller's sub. */
  ownerId?: string | undefined;
  /**
   * Options that arrive after the bytes (multipart fields placed after the file part); awaited
   * once the bytes are stored and before the row is written. Overrides cacheControl/userMetadata.
   */
  trailing?:
    Promise<{ cacheControl?: string | undefined; userMetadata?: Record<string, unknown> | undefined }> | undefined;
}

// Supabase Storage's key alphabet, plus Unicode letters and digits (names like "café.png").
const KEY_CHARS = /^[\p{L}\p{N}\p{M}_/!\-.*'() &$@=;:+,?]+$/u;
const BUCKET_CHARS = /^[A-Za-z0-9_!\-.*'() &$@=;:+,?]+$/;

export function validateObjectName(name: string): void {
  const bad =
    !name ||
    name.length > 1024 ||
    !KEY_CHARS.test(name) ||
    name.startsWith('/') ||
    name.split('/').some((seg) => seg === '' || seg === '.' || seg === '..');
  if (bad) throw errors.invalidKey(name);
}

export function validateBucketId(id: string): void {
  if (!id || id.length > 100 || !BUCKET_CHARS.test(id) || id === '.' || id === '..') throw errors.invalidBucketName(id);
}

/** Backend key for one stored version; sharded so no directory grows huge. */
export function blobKey(version: string): string {
  return `objects/${version.slice(0, 2)}/${version}`;
}

class DryRun extends Error {}

/** The row writeRow inserts or, on upsert, updates. */
interface ObjectWrite {
  id: string;
  bucket: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  metadata: Record<string, unknown>;
  userMetadata: Record<string, unknown> | null;
  version: string;
  upsert: boolean;
}

/** $1…$7 of both the update and the insert (after the id) of writeRow, in the same order. */
function objectValues(r: ObjectWrite): unknown[] {
  return [
    r.bucket,
    r.name,
    r.owner,
    r.ownerId,
    JSON.stringify(r.metadata),
    r.userMetadata && JSON.stringify(r.userMetadata),
    r.version,
  ];
}

function ownerOf(caller: Caller, explicit?: string): { owner: string | null; ownerId: string | null } {
  const sub = explicit ?? (typeof caller.claims.sub === 'string' ? caller.claims.sub : undefined);
  if (!sub) return { owner: null, ownerId: null };
  return { owner: isUuid(sub) ? sub : null, ownerId: sub };
}

export class StorageEngine {
  constructor(
    readonly ctx: AppContext,
    readonly backend: StorageBackend,
  ) {}

  get globalLimit(): number {
    return this.ctx.config.storageFileSizeLimit;
  }

  /** Runs fn in one transaction as the caller; maps RLS and unique violations to storage errors. */
  async run<T>(
    caller: Caller,
    operation: string,
    fn: (tx: Tx) => Promise<T>,
    onUnique?: () => StorageError,
  ): Promise<T> {
    try {
      return await withRequestContext(
        this.ctx.db,
        { role: caller.role, claims: caller.claims, ...caller.request },
        async (tx) => {
          await tx.query(`select set_config('storage.operation', $1, true)`, [operation]);
          return fn(tx);
        },
      );
    } catch (err) {
      if (err instanceof StorageError || err instanceof DryRun) throw err;
      const mapped = fromDbError(err, onUnique);
      if (mapped) throw mapped;
      throw err;
    }
  }

  /** Reads as service_role inside a caller's transaction (bookkeeping the caller may not see). */
  private privileged<T>(tx: Tx, caller: Caller, fn: () => Promise<T>): Promise<T> {
    return withRoleWithin(tx, 'service_role', caller.role, fn);
  }

  /** The bucket as the server sees it (buckets are looked up with privileges, as in Supabase). */
  async findBucket(id: string): Promise<BucketRow> {
    const { rows } = await this.ctx.db.query<BucketRow>(
      `select id, name, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
         from storage.buckets where id = $1`,
      [id],
    );
    if (!rows[0]) throw errors.noSuchBucket();
    return rows[0];
  }

  sizeLimitFor(bucket: BucketRow): number {
    return bucket.file_size_limit === null ? this.globalLimit : Math.min(bucket.file_size_limit, this.globalLimit);
  }

  /**
   * Uploads (or with upsert, replaces) one object. Checks, in order: key, bucket, declared type
   * against the bucket, declared length, RLS (a rolled-back trial write), then streams the bytes
   * through the size/hash/signature inspector to the backend and records the row.
   */
  async upload(caller: Caller, input: UploadInput): Promise<{ id: string; key: string }> {
    validateObjectName(input.name);
    const bucket = await this.findBucket(input.bucket);
    // From here on only the checked type is used: it is what the row records and what downloads send.
    const contentType = checkedMimeType(input.contentType || 'application/octet-stream');
    if (!contentType) throw errors.invalidMimeType(baseMimeType(input.contentType));
    if (!isMimeAllowed(contentType, bucket.allowed_mime_types)) throw errors.invalidMimeType(contentType);
    const limit = this.sizeLimitFor(bucket);
    if (input.contentLength !== undefined && input.contentLength > limit) throw errors.entityTooLarge();

    const id = crypto.randomUUID();
    const { owner, ownerId } = ownerOf(caller, input.ownerId);
    const write = (tx: Tx, metadata: Record<string, unknown>, version: string, userMetadata = input.userMetadata) =>
      this.writeRow(tx, caller, {
        id,
        bucket: bucket.id,
        name: input.name,
        owner,
        ownerId,
        metadata,
        userMetadata: userMetadata ?? null,
        version,
        upsert: input.upsert,
      });

    // Trial write: a caller RLS refuses (or a duplicate without upsert) fails before any upload.
    await this.trial(caller, (tx) => write(tx, {}, 'trial'));

    const version = crypto.randomUUID();
    const key = blobKey(version);
    const inspector = new Inspector(limit, contentType);
    // A body that fails while streaming (cut connection, malformed multipart) is the client's fault.
    input.body.on('error', (err) =>
      inspector.destroy(
        err instanceof StorageError ? err : errors.invalidRequest('The request body could not be read'),
      ),
    );
    await this.backend.put(key, input.body.pipe(inspector));
    let previous: string | null;
    try {
      const late = input.trailing ? await input.trailing : {};
      const { size, sha256, md5 } = inspector.inspection;
      const metadata = {
        eTag: `"${md5}"`,
        size,
        mimetype: contentType,
        cacheControl: late.cacheControl || input.cacheControl || 'max-age=3600',
        lastModified: new Date().toISOString(),
        contentLength: size,
        httpStatusCode: 200,
        sha256,
      };
      const userMetadata = late.userMetadata ?? input.userMetadata;
      previous = await this.run(
        caller,
        'storage.object.upload',
        (tx) => write(tx, metadata, version, userMetadata),
        errors.keyExists,
      );
    } catch (err) {
      await this.backend.delete(key);
      throw err;
    }
    if (previous) await this.deleteBytes([previous]);
    return { id, key: `${bucket.id}/${input.name}` };
  }

  /** Runs a write as the caller and rolls it back: tells whether RLS and constraints would allow it. */
  private async trial(caller: Caller, fn: (tx: Tx) => Promise<unknown>): Promise<void> {
    try {
      await this.run(
        caller,
        'storage.object.upload',
        async (tx) => {
          await fn(tx);
          throw new DryRun();
        },
        errors.keyExists,
      );
    } catch (err) {
      if (!(err instanceof DryRun)) throw err;
    }
  }

  /** Throws unless the caller could upload bucket/name now (used before issuing signed upload URLs). */
  async checkCanUpload(caller: Caller, bucket: string, name: string, upsert: boolean): Promise<void> {
    validateObjectName(name);
    await this.findBucket(bucket);
    const { owner, ownerId } = ownerOf(caller);
    await this.trial(caller, (tx) =>
      this.writeRow(tx, caller, {
        id: crypto.randomUUID(),
        bucket,
        name,
        owner,
        ownerId,
        metadata: {},
        userMetadata: null,
        version: 'trial',
        upsert,
      }),
    );
  }

  /** Inserts the row, or updates it when upsert is set; returns the version it replaced. */
  private async writeRow(tx: Tx, caller: Caller, r: ObjectWrite): Promise<string | null> {
    const existing = await this.privileged(tx, caller, async () => {
      const { rows } = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [r.bucket, r.name],
      );
      return rows[0];
    });
    if (existing && !r.upsert) throw errors.keyExists();
    if (existing) {
      // No RETURNING: it would also demand a SELECT policy from uploaders.
      const res = await tx.query(
        `update storage.objects
            set owner = $3, owner_id = $4, metadata = $5, user_metadata = $6, version = $7,
                updated_at = now(), last_accessed_at = now()
          where bucket_id = $1 and name = $2`,
        objectValues(r),
      );
      if (res.rowCount === 0) throw errors.rlsDenied();
      return existing.version;
    }
    await tx.query(
      `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.id, ...objectValues(r)],
    );
    return null;
  }

  /** The object's row if the caller may read it (RLS SELECT), else NoSuchKey. */
  async findObject(caller: Caller, bucket: string, name: string): Promise<ObjectRow> {
    const row = await this.run(caller, 'storage.object.get', async (tx) => {
      const { rows } = await tx.query<ObjectRow>(
        `select id, bucket_id, name, version, metadata, user_metadata,
                ${isoTimestampSql('updated_at')} as updated_at, ${isoTimestampSql('created_at')} as created_at
           from storage.objects where bucket_id = $1 and name = $2`,
        [bucket, name],
      );
      return rows[0];
    });
    if (!row) throw errors.noSuchKey();
    return row;
  }

  /** Opens the object's bytes; a row without bytes is reported as missing. */
  async openBytes(row: ObjectRow, range?: ByteRange): Promise<Readable> {
    const stream = row.version ? await this.backend.get(blobKey(row.version), range) : null;
    if (!stream) throw errors.noSuchKey();
    return stream;
  }

  async readAll(row: ObjectRow): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.openBytes(row)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Deletes the named objects the caller may delete; returns the deleted rows. */
  async remove(caller: Caller, bucket: string, names: string[]): Promise<Record<string, unknown>[]> {
    if (names.length === 0) return [];
    const rows = await this.run(caller, 'storage.object.delete', async (tx) => {
      const res = await tx.query<{ row: Record<string, unknown> }>(
        `delete from storage.objects o where bucket_id = $1 and name = any($2::text[])
         returning to_jsonb(o) - 'path_tokens' as row`,
        [bucket, names],
      );
      return res.rows.map((r) => r.row);
    });
    await this.deleteBytes(rows.map((r) => r.version as string | null));
    return rows;
  }

  /** Deletes every object of a bucket the caller may delete. */
  async empty(caller: Caller, bucket: string): Promise<number> {
    await this.findBucket(bucket);
    const versions = await this.run(caller, 'storage.bucket.empty', async (tx) => {
      const res = await tx.query<{ version: string | null }>(
        'delete from storage.objects where bucket_id = $1 returning version',
        [bucket],
      );
      return res.rows.map((r) => r.version);
    });
    await this.deleteBytes(versions);
    return versions.length;
  }

  async deleteBytes(versions: (string | null | undefined)[]): Promise<void> {
    for (const v of versions) {
      if (!v || !isUuid(v)) continue;
      // Best effort: the row is already gone, and one stuck file must not block the others.
      await this.backend.delete(blobKey(v)).catch(() => undefined);
    }
  }

  /** Renames an object (possibly into another bucket) under RLS UPDATE; bytes stay where they are. */
  async move(
    caller: Caller,
    from: { bucket: string; name: string },
    to: { bucket: string; name: string },
  ): Promise<void> {
    validateObjectName(to.name);
    if (to.bucket !== from.bucket) await this.findBucket(to.bucket);
    await this.run(
      caller,
      'storage.object.move',
      async (tx) => {
        const res = await tx.query(
          `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
          where bucket_id = $1 and name = $2`,
          [from.bucket, from.name, to.bucket, to.name],
        );
        if (res.rowCount === 0) throw errors.noSuchKey();
      },
      errors.keyExists,
    );
  }

  /** Copies an object: the caller must read the source and insert the destination (RLS). */
  async copy(
    caller: Caller,
    from: { bucket: string; name: string },
    to: { bucket: string; name: string },
  ): Promise<{ id: string; key: string }> {
    validateObjectName(to.name);
    const source = await this.findObject(caller, from.bucket, from.name);
    const target = to.bucket === from.bucket ? null : await this.findBucket(to.bucket);
    const type = String(source.metadata?.mimetype ?? 'application/octet-stream');
    if (target && !isMimeAllowed(type, target.allowed_mime_types)) throw errors.invalidMimeType(baseMimeType(type));
    if (target && Number(source.metadata?.size ?? 0) > this.sizeLimitFor(target)) throw errors.entityTooLarge();
    if (!source.version) throw errors.noSuchKey();
    const version = crypto.randomUUID();
    await this.backend.copy(blobKey(source.version), blobKey(version));
    const id = crypto.randomUUID();
    const { owner, ownerId } = ownerOf(caller);
    try {
      await this.run(
        caller,
        'storage.object.copy',
        async (tx) => {
          await tx.query(
            `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              id,
              to.bucket,
              to.name,
              owner,
              ownerId,
              JSON.stringify({ ...source.metadata, lastModified: new Date().toISOString() }),
              source.user_metadata && JSON.stringify(source.user_metadata),
              version,
            ],
          );
        },
        errors.keyExists,
      );
    } catch (err) {
      await this.backend.delete(blobKey(version));
      throw err;
    }
    return { id, key: `${to.bucket}/${to.name}` };
  }
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  sortColumn: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  sortOrder: 'asc' | 'desc';
  search: string;
}

/**
 * One folder level under prefix, as Storage's list: files with their row, sub-folders as entries
 * with null id/timestamps/metadata. Folders and files are sorted together. RLS SELECT applies, so
 * a folder only appears if the caller can see at least one object inside it.
 */
export async function listFolder(
  engine: StorageEngine,
  caller: Caller,
  bucket: string,
  o: ListOptions,
): Promise<Record<string, unknown>[]> {
  const folder = o.prefix.replace(/^\/+|\/+$/g, '');
  const prefix = folder ? `${folder}/` : '';
  const order = o.sortOrder === 'desc' ? 'desc' : 'asc';
  const sortExpr = o.sortColumn === 'name' ? 'name collate "C"' : o.sortColumn;
  return engine.run(caller, 'storage.object.list', async (tx) => {
    const { rows } = await tx.query<{ entry: Record<string, unknown> }>(
      `with o as (
         select substr(name, char_length($2) + 1) as rel, id, updated_at, created_at, last_accessed_at, metadata
           from storage.objects
          where bucket_id = $1 and starts_with(name collate "C", $2)
       ), entries as (
         select distinct split_part(rel, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
           from o where strpos(rel, '/') > 0
         union all
         select rel, id, updated_at, created_at, last_accessed_at, metadata from o where strpos(rel, '/') = 0
       )
       select jsonb_build_object('name', name, 'id', id, 'updated_at', ${isoTimestampSql('updated_at')},
                                 'created_at', ${isoTimestampSql('created_at')},
                                 'last_accessed_at', ${isoTimestampSql('last_accessed_at')}, 'metadata', metadata) as entry
         from entries
        where $3 = '' or strpos(lower(name), lower($3)) > 0
        order by ${sortExpr} ${order} nulls last, name collate "C"
        limit $4 offset $5`,
      [bucket, prefix, o.search, o.limit, o.offset],
    );
    return rows.map((r) => r.entry);
  });
}

const engines = new WeakMap<AppContext, StorageEngine>();

/**
 * The configured backend: an S3-compatible bucket, or files under DATA_DIR/storage. The AWS SDK
 * is loaded only when a bucket is configured (it costs memory every server would carry otherwise).
 */
export function createStorageBackend(config: Config): StorageBackend {
  const b = config.storageBackend;
  if (b.kind === 's3') return deferredBackend(import('./s3-backend.js').then((m) => m.createS3Backend(b)));
  return createFileBackend(path.join(config.dataDir, 'storage'));
}

function deferredBackend(ready: Promise<StorageBackend>): StorageBackend {
  return {
    put: async (key, body) => (await ready).put(key, body),
    get: async (key, range) => (await ready).get(key, range),
    stat: async (key) => (await ready).stat(key),
    delete: async (key) => (await ready).delete(key),
    copy: async (fromKey, toKey) => (await ready).copy(fromKey, toKey),
  };
}

/** One engine per app. */
export function storageEngine(ctx: AppContext): StorageEngine {
  let engine = engines.get(ctx);
  if (!engine) {
    engine = new StorageEngine(ctx, createStorageBackend(ctx.config));
    engines.set(ctx, engine);
  }
  return engine;
}
