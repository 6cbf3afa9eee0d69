// POST /object/list-v2/{bucket} (supabase-js listV2): keyset-paginated listing under a string
// prefix. Flat by default (every object whose name starts with the prefix); with_delimiter groups
// names at the next '/' into folders, as Storage's search_v2 does: `name` is the full path (a
// folder's ends in '/'), `key` the last segment. Pages continue from an opaque cursor (the last
// entry's sort value and name), so inserts between pages neither repeat nor skip rows. RLS SELECT
// applies: a folder only appears when the caller can see an object inside it.
import { z } from 'zod';
import type { Caller, StorageEngine } from './engine.js';
import { errors } from './errors.js';
import { isoTimestampSql } from './timestamps.js';

export const listV2Body = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  cursor: z.string().max(4096).optional(),
  with_delimiter: z.boolean().default(false),
  sortBy: z
    .object({ column: z.enum(['name', 'updated_at', 'created_at']), order: z.enum(['asc', 'desc']).default('asc') })
    .default({ column: 'name', order: 'asc' }),
});
export type ListV2Options = z.infer<typeof listV2Body>;

interface Cursor {
  /** The sort column's value of the last entry (ISO text for timestamps, the name for name). */
  v: string;
  n: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.v === 'string' && typeof c.n === 'string') return { v: c.v, n: c.n };
  } catch {
    // answered below
  }
  throw errors.invalidRequest('Invalid cursor');
}

interface Entry {
  kind: 'folder' | 'object';
  entry: Record<string, unknown>;
  sort_value: string;
  name: string;
}

export async function listV2(engine: StorageEngine, caller: Caller, bucket: string, o: ListV2Options) {
  const byName = o.sortBy.column === 'name';
  const desc = o.sortBy.order === 'desc';
  // Folders have no timestamps; like Storage they sort as the epoch.
  const sortExpr = byName
    ? 'name collate "C"'
    : `coalesce(date_trunc('milliseconds', ${o.sortBy.column}), 'epoch'::timestamptz)`;
  const sortText = byName ? 'name' : isoTimestampSql(sortExpr);
  const cursor = o.cursor ? decodeCursor(o.cursor) : undefined;
  // A cursor from a name-sorted listing (or a forged one) cannot continue a time-sorted one.
  if (cursor && !byName && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(cursor.v))
    throw errors.invalidRequest('Invalid cursor');
  const after = byName ? '$4::text collate "C"' : `$4::timestamptz`;
  const rows = await engine.run(caller, 'storage.object.list', async (tx) => {
    const { rows } = await tx.query<Entry>(
      `with o as (
         select name, id, updated_at, created_at, last_accessed_at, metadata,
                strpos(substr(name, char_length($2) + 1), '/') as slash
           from storage.objects
          where bucket_id = $1 and starts_with(name collate "C", $2)
       ), entries as (
         select distinct 'folder' as kind, substr(name, 1, char_length($2) + slash) as name, null::uuid as id,
                null::timestamptz as updated_at, null::timestamptz as created_at, null::timestamptz as last_accessed_at,
                null::jsonb as metadata
           from o where $3 and slash > 0
         union all
         select 'object', name, id, updated_at, created_at, last_accessed_at, metadata from o where not $3 or slash = 0
       )
       select kind, ${sortText} as sort_value, name,
              case when kind = 'folder'
                   then jsonb_build_object('name', name, 'key', regexp_replace(rtrim(name, '/'), '^.*/', ''))
                   else jsonb_build_object('name', name, 'key', case when $3 then regexp_replace(name, '^.*/', '') else name end,
                          'id', id, 'updated_at', ${isoTimestampSql('updated_at')}, 'created_at', ${isoTimestampSql('created_at')},
                          'last_accessed_at', ${isoTimestampSql('last_accessed_at')}, 'metadata', metadata)
              end as entry
         from entries
        where $4::text is null or (${sortExpr}, name collate "C") ${desc ? '<' : '>'} (${after}, $5::text collate "C")
        order by ${sortExpr} ${desc ? 'desc' : 'asc'}, name collate "C" ${desc ? 'desc' : 'asc'}
        limit $6`,
      // No cursor: null, so the comparison (and its cast) is not evaluated for the first page.
      [bucket, o.prefix, o.with_delimiter, cursor?.v ?? null, cursor?.n ?? null, o.limit + 1],
    );
    return rows;
  });
  const page = rows.slice(0, o.limit);
  const hasNext = rows.length > o.limit;
  const last = page[page.length - 1];
  return {
    hasNext,
    folders: page.filter((r) => r.kind === 'folder').map((r) => r.entry),
    objects: page.filter((r) => r.kind === 'object').map((r) => r.entry),
    ...(hasNext && last ? { nextCursor: encodeCursor({ v: last.sort_value, n: last.name }) } : {}),
  };
}
