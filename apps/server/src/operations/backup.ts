// Backups that work on either driver and move between them: a gzip'd stream of JSON lines —
// a header (format, the migrations the data was written by), then every table's rows, then every
// sequence's position, then every stored file's bytes, then an end line with the counts, the
// SHA-256 of everything before it and an HMAC-SHA256 of the same bytes with the deployment's backup
// key (docs/decisions/0142). Restoring runs the migrations on the target first and loads the rows
// into the tables they create, so the same archive restores onto PGlite or PostgreSQL (that is
// also how `db:move` copies an embedded database into PostgreSQL).
//
// Consistency: rows are read in one repeatable-read, read-only transaction (one snapshot of every
// table), and the files named by that snapshot's storage.objects rows are read afterwards — stored
// versions are never rewritten, only deleted, so the bytes read are the bytes the rows describe.
//
// A restore is all or nothing. verifyBackup reads the whole archive first and writes nothing: every
// line well formed, every file key one of the archive's own storage.objects versions, the end line
// present, the counts, the checksum and the signature right. restoreBackup then reads it a second
// time inside one transaction: rows are loaded, files are written under a staging prefix, and only
// when the second reading has the same checksum are the files put in place and the rows committed;
// any failure rolls the rows back and removes what was staged or placed.
import crypto from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { isPgError, listMigrations, migrate, type Db, type Tx } from '@tagledger/db';
import { storedFileKey, type StoredFiles } from '../storage/service.js';
import type { BackupKey } from './backup-key.js';

const FORMAT = 'tagledger-backup';
/** 2: the end line carries a checksum and a signature. 1 (no checksum) is read only without the key. */
const VERSION = 2;
/** Rows per line: bounds memory on large tables without making small ones chatty. */
const ROWS_PER_LINE = 500;
/** Bytes of a file per line (base64 inside JSON). */
const FILE_CHUNK = 256 * 1024;
/** Schemas the product owns; PostgreSQL's own and extensions' schemas are not backed up. */
const SCHEMAS = ['auth', 'public', 'storage', 'private'];
/**
 * Never copied: the migrations table is written by migrate() on the target, and the day's scan
 * salts would let whoever holds an archive test guesses of a scanner's address against the salted
 * hashes beside them — a restored database makes a new salt on its first scan.
 */
const SKIPPED_TABLES = new Set(['private.schema_migrations', 'private.scan_salts']);
/** Where a restore writes files before it puts them in place. */
const STAGING_PREFIX = 'restore-staging';

type Line =
  | { kind: 'header'; format: string; version: number; migrations: string[]; createdAt: string }
  | { kind: 'rows'; table: string; rows: unknown[] }
  | { kind: 'sequence'; name: string; value: string | null }
  | { kind: 'file'; key: string; data: string; last: boolean }
  | {
      kind: 'end';
      tables: number;
      rows: number;
      files: number;
      /** SHA-256 (hex) of every byte before the end line. */
      sha256?: string;
      /** HMAC-SHA256 (hex) of the same bytes with the backup key named by keyId. */
      hmac?: string;
      keyId?: string;
    };

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  /** Files a row named whose bytes were gone (deleted after the snapshot); not in the archive. */
  missingFiles: number;
}

/** A refusal or failure an operator reads as one line; a failed restore has changed nothing. */
export class BackupError extends Error {}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, table: string) => `${ident(schema)}.${ident(table)}`;

async function productTables(q: Tx): Promise<{ schema: string; table: string }[]> {
  const { rows } = await q.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1)
      order by 1, 2`,
    [SCHEMAS],
  );
  return rows.filter((r) => !SKIPPED_TABLES.has(`${r.schema}.${r.table}`));
}

/** Writes lines and keeps the checksum and signature of every byte written. */
class ArchiveWriter {
  private readonly sha = crypto.createHash('sha256');
  private readonly mac: crypto.Hmac;

  constructor(
    private readonly out: Writable,
    private readonly key: BackupKey,
  ) {
    this.mac = crypto.createHmac('sha256', key.secret);
  }

  private put(text: string): Promise<void> | void {
    if (!this.out.write(text)) return new Promise((r) => this.out.once('drain', () => r()));
  }

  write(line: Exclude<Line, { kind: 'end' }>): Promise<void> | void {
    const text = `${JSON.stringify(line)}\n`;
    this.sha.update(text);
    this.mac.update(text);
    return this.put(text);
  }

  end(counts: { tables: number; rows: number; files: number }): Promise<void> | void {
    const line: Line = {
      kind: 'end',
      ...counts,
      sha256: this.sha.digest('hex'),
      hmac: this.mac.digest('hex'),
      keyId: this.key.id,
    };
    return this.put(`${JSON.stringify(line)}\n`);
  }
}

/** Writes a backup of the database and the stored files to `target` (gzip'd JSON lines), signed with `key`. */
export async function writeBackup(
  db: Db,
  storage: StoredFiles,
  target: Writable,
  options: { key: BackupKey; files?: boolean },
): Promise<BackupSummary> {
  const gzip = zlib.createGzip();
  gzip.pipe(target);
  const out = new ArchiveWriter(gzip, options.key);
  const summary: BackupSummary = { tables: 0, rows: 0, files: 0, missingFiles: 0 };
  const versions: string[] = [];
  await db.transaction(
    async (tx) => {
      if (db.kind === 'pg') await tx.query('set transaction isolation level repeatable read');
      const { rows: migrations } = await tx
        .query<{ version: string }>('select version from private.schema_migrations order by version')
        .catch((err: unknown) => {
          if (isPgError(err) && err.code === '42P01')
            throw new BackupError('this database has no TagLedger tables yet: there is nothing to back up');
          throw err;
        });
      await out.write({
        kind: 'header',
        format: FORMAT,
        version: VERSION,
        migrations: migrations.map((m) => m.version),
        createdAt: new Date().toISOString(),
      });
      for (const { schema, table } of await productTables(tx)) {
        summary.tables++;
        // One pass over the table through a cursor, ROWS_PER_LINE rows a fetch, inside the snapshot.
        // Pages by `order by ctid limit … offset …` sorted the whole table again for every page:
        // quadratic, about 5 minutes per million-row table and days for ten million (bench:scale).
        await tx.query(
          `declare backup_rows no scroll cursor for select to_jsonb(t) as r from ${qualified(schema, table)} t`,
        );
        for (;;) {
          const { rows } = await tx.query<{ r: unknown }>(`fetch ${ROWS_PER_LINE} from backup_rows`);
          if (!rows.length) break;
          summary.rows += rows.length;
          await out.write({ kind: 'rows', table: `${schema}.${table}`, rows: rows.map((x) => x.r) });
          if (rows.length < ROWS_PER_LINE) break;
        }
        await tx.query('close backup_rows');
      }
      const { rows: sequences } = await tx.query<{ name: string; value: string | null }>(
        `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value
           from pg_sequences where schemaname = any($1) order by 1`,
        [SCHEMAS],
      );
      for (const s of sequences) await out.write({ kind: 'sequence', name: s.name, value: s.value });
      if (options.files === false) return;
      const { rows: objects } = await tx.query<{ version: string }>(
        'select version from storage.objects where version is not null order by version',
      );
      versions.push(...objects.map((o) => o.version));
    },
    { readOnly: true },
  );
  for (const version of versions) {
    const key = storedFileKey(version);
    const body = await storage.read(key);
    if (!body) {
      summary.missingFiles++;
      continue;
    }
    let pending: Buffer = Buffer.alloc(0);
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      pending = Buffer.concat([pending, Buffer.from(chunk)]);
      while (pending.length >= FILE_CHUNK) {
        await out.write({ kind: 'file', key, data: pending.subarray(0, FILE_CHUNK).toString('base64'), last: false });
        pending = pending.subarray(FILE_CHUNK);
      }
    }
    await out.write({ kind: 'file', key, data: pending.toString('base64'), last: true });
    summary.files++;
  }
  await out.end({ tables: summary.tables, rows: summary.rows, files: summary.files });
  gzip.end();
  await finished(target);
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Reading

const UNCHANGED = 'nothing was changed';
const incomplete = () => new BackupError(`the backup is incomplete (it ends early); ${UNCHANGED}`);
const damaged = (line: number, what: string) =>
  new BackupError(`the backup is damaged (line ${line}: ${what}); ${UNCHANGED}`);
/** A name from the archive, quoted and shortened for a one-line message. */
const quote = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

/** Opens the archive from its start; verifying and restoring each read it once. */
export type ArchiveSource = () => Readable;

/** Lines of the decompressed archive, exactly as written (without the newline). */
async function* archiveLines(source: Readable): AsyncGenerator<Buffer> {
  const gunzip = zlib.createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  let pending: Buffer[] = [];
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let from = 0;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
        pending.push(chunk.subarray(from, at));
        yield pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        pending = [];
        from = at + 1;
      }
      if (from < chunk.length) pending.push(chunk.subarray(from));
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const code = (err as { code?: string }).code;
    // A cut file ends the gzip stream early; anything else is not gzip at all, or damaged.
    if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((err as Error).message))) throw incomplete();
    if (code?.startsWith('Z_'))
      throw new BackupError(`not a TagLedger backup (not a gzip file, or damaged); ${UNCHANGED}`);
    throw err;
  } finally {
    source.unpipe(gunzip);
    source.destroy();
    gunzip.destroy();
  }
  // Every line the writer writes ends with a newline: bytes after the last one are a cut line.
  if (pending.length) throw incomplete();
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const TABLE_NAME = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;
/** A stored version is one key segment (a UUID today): nothing that could climb out of the store. */
const VERSION_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

function parseLine(raw: Buffer, n: number): Line {
  let v: unknown;
  try {
    v = JSON.parse(raw.toString('utf8'));
  } catch {
    throw damaged(n, 'not JSON');
  }
  const line = v as Record<string, unknown> | null;
  const ok = (() => {
    if (typeof line !== 'object' || line === null) return false;
    switch (line.kind) {
      case 'header':
        return (
          typeof line.format === 'string' &&
          typeof line.version === 'number' &&
          Array.isArray(line.migrations) &&
          line.migrations.every((m) => typeof m === 'string')
        );
      case 'rows':
        return typeof line.table === 'string' && TABLE_NAME.test(line.table) && Array.isArray(line.rows);
      case 'sequence':
        return (
          typeof line.name === 'string' &&
          (line.value === null || (typeof line.value === 'string' && /^-?\d{1,19}$/.test(line.value)))
        );
      case 'file':
        return (
          typeof line.key === 'string' &&
          typeof line.data === 'string' &&
          BASE64.test(line.data) &&
          typeof line.last === 'boolean'
        );
      case 'end':
        return [line.tables, line.rows, line.files].every((c) => Number.isSafeInteger(c));
      default:
        return false;
    }
  })();
  if (!ok) throw damaged(n, 'not a backup line');
  return line as Line;
}

interface Visitor {
  rows?(table: string, rows: unknown[]): Promise<void>;
  sequence?(name: string, value: string | null): Promise<void>;
  file?(key: string, bytes: Buffer, last: boolean): Promise<void>;
}

interface ArchiveFacts {
  version: number;
  end: Extract<Line, { kind: 'end' }>;
  /** What this reading computed over the bytes before the end line. */
  sha256: string;
  hmac: string | undefined;
  tables: number;
  rows: number;
  files: number;
}

/**
 * Reads an archive once, checking every line as it goes, and hands what it reads to `visit`.
 * Refuses (BackupError) anything that is not a whole, well-formed archive this version can load.
 */
async function readArchive(source: Readable, key: BackupKey | undefined, visit: Visitor): Promise<ArchiveFacts> {
  const sha = crypto.createHash('sha256');
  const mac = key ? crypto.createHmac('sha256', key.secret) : undefined;
  const versions = new Set<string>();
  const fileKeys = new Set<string>();
  const tables = new Set<string>();
  let n = 0;
  let version = 0;
  let phase: 'start' | 'rows' | 'files' = 'start';
  let openFile: string | undefined;
  let rows = 0;
  let end: Extract<Line, { kind: 'end' }> | undefined;
  for await (const raw of archiveLines(source)) {
    n++;
    if (end) throw damaged(n, 'content after the end');
    const line = parseLine(raw, n);
    if (line.kind !== 'end') {
      sha.update(raw).update('\n');
      mac?.update(raw).update('\n');
    }
    if (n === 1) {
      if (line.kind !== 'header' || line.format !== FORMAT || ![1, VERSION].includes(line.version))
        throw new BackupError(`not a TagLedger backup (or one written by a newer version); ${UNCHANGED}`);
      const known = new Set(listMigrations().map((m) => m.version));
      const unknown = line.migrations.find((v) => !known.has(v));
      if (unknown)
        throw new BackupError(
          `the backup was written by a newer version (migration ${quote(unknown)}); upgrade first; ${UNCHANGED}`,
        );
      version = line.version;
      phase = 'rows';
      continue;
    }
    switch (line.kind) {
      case 'header':
        throw damaged(n, 'a second header');
      case 'rows':
        if (phase !== 'rows') throw damaged(n, 'rows after the files');
        tables.add(line.table);
        rows += line.rows.length;
        if (line.table === 'storage.objects') {
          for (const r of line.rows) {
            const v = (r as { version?: unknown } | null)?.version;
            if (typeof v === 'string' && VERSION_NAME.test(v)) versions.add(v);
          }
        }
        await visit.rows?.(line.table, line.rows);
        break;
      case 'sequence':
        if (phase !== 'rows') throw damaged(n, 'a sequence after the files');
        await visit.sequence?.(line.name, line.value);
        break;
      case 'file': {
        phase = 'files';
        if (openFile === undefined) {
          // Only the bytes of a version the archive's own storage.objects rows name, under the key
          // the store gives it: a key that climbs out of the store (../) or names anything else is refused.
          const named = line.key.startsWith('objects/') ? line.key.slice(line.key.lastIndexOf('/') + 1) : '';
          if (!versions.has(named) || storedFileKey(named) !== line.key)
            throw new BackupError(
              `the backup names a file that is not one of its stored objects (${quote(line.key)}); ${UNCHANGED}`,
            );
          if (fileKeys.has(line.key)) throw damaged(n, `the file ${quote(line.key)} twice`);
          fileKeys.add(line.key);
          openFile = line.key;
        } else if (line.key !== openFile) throw damaged(n, `the file ${quote(openFile)} is cut short`);
        await visit.file?.(line.key, Buffer.from(line.data, 'base64'), line.last);
        if (line.last) openFile = undefined;
        break;
      }
      case 'end':
        if (openFile !== undefined) throw damaged(n, `the file ${quote(openFile)} is cut short`);
        if (line.rows !== rows || line.files !== fileKeys.size) throw damaged(n, 'the counts do not match the content');
        end = line;
        break;
    }
  }
  if (!end) throw incomplete();
  return {
    version,
    end,
    sha256: sha.digest('hex'),
    hmac: mac?.digest('hex'),
    tables: tables.size,
    rows,
    files: fileKeys.size,
  };
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface VerifyOptions {
  /** The deployment's backup key; the archive's signature must match it. */
  key?: BackupKey | undefined;
  /**
   * Restore on the checksum alone: for an archive whose key is lost, or one written before backups
   * were signed. Whoever could edit the archive could then also have recomputed its checksum.
   */
  withoutKey?: boolean;
}

/** An archive read whole and found intact: the only thing restoreBackup accepts. */
export interface VerifiedBackup {
  readonly open: ArchiveSource;
  readonly sha256: string;
  /** Whether the signature was checked (false with withoutKey). */
  readonly signed: boolean;
  readonly summary: BackupSummary;
}

/**
 * Reads the whole archive and checks it — format, lines, file keys, the end line, the counts, the
 * checksum and, unless `withoutKey`, the signature — before anything is written anywhere.
 */
export async function verifyBackup(open: ArchiveSource, options: VerifyOptions = {}): Promise<VerifiedBackup> {
  const key = options.withoutKey ? undefined : options.key;
  const facts = await readArchive(open(), key, {});
  const { end } = facts;
  if (facts.version >= 2) {
    if (!end.sha256 || !sameHex(end.sha256, facts.sha256))
      throw new BackupError(`the backup is damaged or was edited (its checksum does not match); ${UNCHANGED}`);
    if (!options.withoutKey) {
      if (!end.hmac || !end.keyId) throw new BackupError(`the backup carries no signature; ${UNCHANGED}`);
      if (!key)
        throw new BackupError(
          `the backup is signed with backup key ${quote(end.keyId)} and this deployment holds no backup key: ` +
            `set BACKUP_KEY to that key (DATA_DIR/keys/backup-key where the backup was written); ${UNCHANGED}`,
        );
      if (end.keyId !== key.id)
        throw new BackupError(
          `the backup is signed with backup key ${quote(end.keyId)}, not with this deployment's (${quote(key.id)}): ` +
            `set BACKUP_KEY to the key that wrote it; ${UNCHANGED}`,
        );
      if (!sameHex(end.hmac, facts.hmac!))
        throw new BackupError(
          `the backup was edited after it was written (its signature does not match); ${UNCHANGED}`,
        );
    }
  } else if (!options.withoutKey) {
    throw new BackupError(
      `the backup was written before backups were signed and cannot be checked: ` +
        `restore it with --without-key if you are sure it is yours; ${UNCHANGED}`,
    );
  }
  return {
    open,
    sha256: facts.sha256,
    signed: !options.withoutKey,
    summary: { tables: facts.tables, rows: facts.rows, files: facts.files, missingFiles: 0 },
  };
}

/** Columns a restore may write: generated columns are computed by the target itself. */
async function writableColumns(
  tx: Tx,
  schema: string,
  table: string,
): Promise<{ list: string; identityAlways: boolean }> {
  const { rows } = await tx.query<{ name: string; identity: string }>(
    `select a.attname as name, a.attidentity as identity
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [schema, table],
  );
  return { list: rows.map((r) => ident(r.name)).join(', '), identityAlways: rows.some((r) => r.identity === 'a') };
}

/**
 * Restores a verified archive into `db` and `storage`: applies the migrations, then in one
 * transaction empties every product table and loads the rows (with triggers and foreign-key checks
 * off, as pg_restore does, so the rows arrive exactly as they were — the ledger's hashes included)
 * and sets the sequences, while the files are written under a staging prefix. When the archive read
 * the same as when it was verified, the files are put in place and the rows committed. Any failure
 * rolls the rows back and removes the staged and placed files: the restore lands whole or not at all.
 * Files already in the store under the same key are left as they are (a stored version is never
 * rewritten). Needs a role that may set session_replication_role (a superuser; PGlite always is one).
 */
export async function restoreBackup(db: Db, storage: StoredFiles, backup: VerifiedBackup): Promise<BackupSummary> {
  await migrate(db);
  const staging = `${STAGING_PREFIX}/${crypto.randomUUID()}`;
  const staged = new Map<string, string>();
  const placed: string[] = [];
  let file: { key: string; body: PassThrough; stored: Promise<void> } | undefined;
  try {
    await db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      const tables = await productTables(tx);
      await tx.query(`truncate ${tables.map((t) => qualified(t.schema, t.table)).join(', ')}`);
      const present = new Set(tables.map((t) => `${t.schema}.${t.table}`));
      const columns = new Map<string, { list: string; identityAlways: boolean }>();
      const facts = await readArchive(backup.open(), undefined, {
        async rows(name, rows) {
          if (SKIPPED_TABLES.has(name)) return;
          if (!present.has(name)) throw new BackupError(`the backup has a table this version lacks: ${quote(name)}`);
          const [schema, table] = name.split('.') as [string, string];
          let cols = columns.get(name);
          if (!cols) columns.set(name, (cols = await writableColumns(tx, schema, table)));
          await tx.query(
            `insert into ${qualified(schema, table)} (${cols.list}) ${cols.identityAlways ? 'overriding system value' : ''}
             select ${cols.list} from jsonb_populate_recordset(null::${qualified(schema, table)}, $1::jsonb)`,
            [JSON.stringify(rows)],
          );
        },
        async sequence(name, value) {
          if (value !== null) await tx.query('select setval($1::regclass, $2::bigint)', [name, value]);
        },
        // Each file streams into the staging area as its chunks are read (never whole in memory).
        async file(key, bytes, last) {
          if (!file) {
            const body = new PassThrough();
            const stagedKey = `${staging}/${key}`;
            staged.set(key, stagedKey);
            file = { key, body, stored: storage.write(stagedKey, body) };
            // A failed write is awaited below; until then it must not count as unhandled.
            file.stored.catch(() => undefined);
          }
          if (!file.body.write(bytes)) await Promise.race([once(file.body, 'drain'), file.stored]);
          if (last) {
            file.body.end();
            await file.stored;
            file = undefined;
          }
        },
      });
      if (facts.sha256 !== backup.sha256)
        throw new BackupError(`the backup changed while it was being restored; ${UNCHANGED}`);
      // The rows came in with triggers off: the counts kept by triggers are made again from the rows
      // (an archive from before they existed holds none; decision 0171).
      await tx.query('select private.recount_business_units()');
      // The per-unit scan counts are made again from the restored scans (decision 0173); days whose
      // scans retention dropped keep the archive's counts.
      await tx.query('select private.rebuild_unit_scan_counts()');
      for (const [key, stagedKey] of staged) {
        if (await storage.exists(key)) continue;
        await storage.copy(stagedKey, key);
        placed.push(key);
      }
    });
  } catch (err) {
    file?.body.destroy();
    await file?.stored.catch(() => undefined);
    for (const key of placed) await storage.remove(key).catch(() => undefined);
    if (err instanceof BackupError && err.message.endsWith(UNCHANGED)) throw err;
    const why =
      err instanceof BackupError
        ? err.message
        : isPgError(err)
          ? `the restore failed: ${`${err.code ?? ''} ${err.message}`.trim()}`
          : `the restore failed: ${String((err as Error)?.message ?? err)}`;
    throw new BackupError(`${why}; no row or file was changed`, { cause: err });
  } finally {
    for (const stagedKey of staged.values()) await storage.remove(stagedKey).catch(() => undefined);
    await storage.removeFolder(staging).catch(() => undefined);
  }
  return backup.summary;
}
