// Backups that work on either driver and move between them: a gzip'd stream of JSON lines —
// a header (format, the migrations the data was written by), then every table's rows, then every
// sequence's position, then every stored file's bytes. Restoring runs the migrations on the target
// first and loads the rows into the tables they create, so the same archive restores onto PGlite
// or PostgreSQL (that is also how `db:move` copies an embedded database into PostgreSQL).
//
// Consistency: rows are read in one repeatable-read, read-only transaction (one snapshot of every
// table), and the files named by that snapshot's storage.objects rows are read afterwards — stored
// versions are never rewritten, only deleted, so the bytes read are the bytes the rows describe.
import readline from 'node:readline';
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { listMigrations, migrate, type Db, type Tx } from '@tagledger/db';
import type { StorageBackend } from '../storage/backend.js';
import { blobKey } from '../storage/engine.js';

const FORMAT = 'tagledger-backup';
const VERSION = 1;
/** Rows per line: bounds memory on large tables without making small ones chatty. */
const ROWS_PER_LINE = 500;
/** Bytes of a file per line (base64 inside JSON). */
const FILE_CHUNK = 256 * 1024;
/** Schemas the product owns; PostgreSQL's own and extensions' schemas are not backed up. */
const SCHEMAS = ['auth', 'public', 'storage', 'private'];
/** Written by migrate() on the target; never copied. */
const SKIPPED_TABLES = new Set(['private.schema_migrations']);

type Line =
  | { kind: 'header'; format: string; version: number; migrations: string[]; createdAt: string }
  | { kind: 'rows'; table: string; rows: unknown[] }
  | { kind: 'sequence'; name: string; value: string | null }
  | { kind: 'file'; key: string; data: string; last: boolean }
  | { kind: 'end'; tables: number; rows: number; files: number };

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  /** Files a row named whose bytes were gone (deleted after the snapshot); not in the archive. */
  missingFiles: number;
}

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

function writeLine(out: Writable, line: Line): Promise<void> | void {
  if (!out.write(`${JSON.stringify(line)}\n`)) return new Promise((r) => out.once('drain', () => r()));
}

/** Writes a backup of the database and the stored files to `target` (gzip'd JSON lines). */
export async function writeBackup(
  db: Db,
  storage: StorageBackend,
  target: Writable,
  options: { files?: boolean } = {},
): Promise<BackupSummary> {
  const gzip = zlib.createGzip();
  gzip.pipe(target);
  const summary: BackupSummary = { tables: 0, rows: 0, files: 0, missingFiles: 0 };
  const versions: string[] = [];
  await db.transaction(
    async (tx) => {
      if (db.kind === 'pg') await tx.query('set transaction isolation level repeatable read');
      const { rows: migrations } = await tx.query<{ version: string }>(
        'select version from private.schema_migrations order by version',
      );
      await writeLine(gzip, {
        kind: 'header',
        format: FORMAT,
        version: VERSION,
        migrations: migrations.map((m) => m.version),
        createdAt: new Date().toISOString(),
      });
      for (const { schema, table } of await productTables(tx)) {
        summary.tables++;
        // Keyset-free paging is fine inside one snapshot; ctid order keeps it cheap.
        for (let offset = 0; ; offset += ROWS_PER_LINE) {
          const { rows } = await tx.query<{ r: unknown }>(
            `select to_jsonb(t) as r from ${qualified(schema, table)} t order by ctid limit $1 offset $2`,
            [ROWS_PER_LINE, offset],
          );
          if (!rows.length) break;
          summary.rows += rows.length;
          await writeLine(gzip, { kind: 'rows', table: `${schema}.${table}`, rows: rows.map((x) => x.r) });
          if (rows.length < ROWS_PER_LINE) break;
        }
      }
      const { rows: sequences } = await tx.query<{ name: string; value: string | null }>(
        `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value
           from pg_sequences where schemaname = any($1) order by 1`,
        [SCHEMAS],
      );
      for (const s of sequences) await writeLine(gzip, { kind: 'sequence', name: s.name, value: s.value });
      if (options.files === false) return;
      const { rows: objects } = await tx.query<{ version: string }>(
        'select version from storage.objects where version is not null order by version',
      );
      versions.push(...objects.map((o) => o.version));
    },
    { readOnly: true },
  );
  for (const version of versions) {
    const key = blobKey(version);
    const body = await storage.get(key);
    if (!body) {
      summary.missingFiles++;
      continue;
    }
    let pending: Buffer = Buffer.alloc(0);
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      pending = Buffer.concat([pending, Buffer.from(chunk)]);
      while (pending.length >= FILE_CHUNK) {
        await writeLine(gzip, {
          kind: 'file',
          key,
          data: pending.subarray(0, FILE_CHUNK).toString('base64'),
          last: false,
        });
        pending = pending.subarray(FILE_CHUNK);
      }
    }
    await writeLine(gzip, { kind: 'file', key, data: pending.toString('base64'), last: true });
    summary.files++;
  }
  await writeLine(gzip, { kind: 'end', tables: summary.tables, rows: summary.rows, files: summary.files });
  gzip.end();
  await finished(target);
  return summary;
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
 * Restores an archive into `db`: applies the migrations, empties every product table, loads the
 * rows (with triggers and foreign-key checks off for the load, as pg_restore does, so the archive's
 * rows arrive exactly as they were — the ledger's hashes included), sets the sequences, and writes
 * the files to `storage`. All table work is one transaction: a failed restore changes nothing.
 * Needs a role that may set session_replication_role (a superuser; PGlite always is one).
 */
export async function restoreBackup(db: Db, storage: StorageBackend, source: Readable): Promise<BackupSummary> {
  const lines = readline.createInterface({ input: source.pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<Line | undefined> => {
    const r = await iterator.next();
    return r.done ? undefined : (JSON.parse(r.value) as Line);
  };
  const header = await next().catch(() => undefined);
  if (!header || header.kind !== 'header' || header.format !== FORMAT || header.version !== VERSION) {
    throw new BackupError('not a TagLedger backup (or one written by a newer version)');
  }
  const known = new Set(listMigrations().map((m) => m.version));
  const unknown = header.migrations.filter((v) => !known.has(v));
  if (unknown.length) {
    throw new BackupError(`the backup was written by a newer version (migration ${unknown[0]}); upgrade first`);
  }
  await migrate(db);

  const summary: BackupSummary = { tables: 0, rows: 0, files: 0, missingFiles: 0 };
  let line: Line | undefined;
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    const tables = await productTables(tx);
    await tx.query(`truncate ${tables.map((t) => qualified(t.schema, t.table)).join(', ')}`);
    const columns = new Map<string, { list: string; identityAlways: boolean }>();
    const seen = new Set<string>();
    const present = new Set(tables.map((t) => `${t.schema}.${t.table}`));
    while ((line = await next()) && (line.kind === 'rows' || line.kind === 'sequence')) {
      if (line.kind === 'sequence') {
        if (line.value !== null) await tx.query('select setval($1::regclass, $2::bigint)', [line.name, line.value]);
        continue;
      }
      if (!present.has(line.table)) throw new BackupError(`the backup has a table this version lacks: ${line.table}`);
      const [schema, table] = line.table.split('.') as [string, string];
      let cols = columns.get(line.table);
      if (!cols) {
        cols = await writableColumns(tx, schema, table);
        columns.set(line.table, cols);
      }
      if (!seen.has(line.table)) {
        seen.add(line.table);
        summary.tables++;
      }
      summary.rows += line.rows.length;
      await tx.query(
        `insert into ${qualified(schema, table)} (${cols.list}) ${cols.identityAlways ? 'overriding system value' : ''}
         select ${cols.list} from jsonb_populate_recordset(null::${qualified(schema, table)}, $1::jsonb)`,
        [JSON.stringify(line.rows)],
      );
    }
  });

  // Each file streams into the backend as its chunks are read (never whole in memory).
  let file: { body: PassThrough; stored: Promise<void> } | undefined;
  while (line && line.kind === 'file') {
    if (!file) {
      const body = new PassThrough();
      file = { body, stored: storage.put(line.key, body) };
    }
    if (!file.body.write(Buffer.from(line.data, 'base64'))) await once(file.body, 'drain');
    if (line.last) {
      file.body.end();
      await file.stored;
      file = undefined;
      summary.files++;
    }
    line = await next();
  }
  if (!line || line.kind !== 'end') throw new BackupError('the backup is incomplete (it ends early)');
  return summary;
}
