// /storage/v1/bucket — bucket CRUD (D.2). Every statement runs as the caller, so RLS on
// storage.buckets decides (with no policies only the service role can create or change buckets).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StorageEngine } from './engine.js';
import { validateBucketId } from './engine.js';
import { callerFrom } from './caller.js';
import { errors } from './errors.js';
import { isoTimestampSql } from './timestamps.js';

const UNITS: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, tb: 1000 ** 4 };

/** 1048576 | "1048576" | "50MB" → bytes; null clears the limit. */
export function parseSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(value);
    if (m) return Math.floor(Number(m[1]) * (UNITS[(m[2] ?? 'b').toLowerCase()] ?? 1));
  }
  throw errors.invalidRequest('Invalid file_size_limit');
}

const bucketBody = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  public: z.boolean().optional(),
  file_size_limit: z.unknown().optional(),
  allowed_mime_types: z.array(z.string().min(1).max(255)).max(100).nullable().optional(),
  type: z.enum(['STANDARD', 'ANALYTICS', 'VECTOR']).optional(),
});

function parseBody(body: unknown) {
  const parsed = bucketBody.safeParse(body ?? {});
  if (!parsed.success) throw errors.invalidRequest(parsed.error.issues[0]?.message ?? 'Invalid body');
  return parsed.data;
}

// The Storage API's bucket shape: no `type` (only analytics/vector bucket listings carry one), the
// owner (the uuid column Storage reports, else owner_id) or "" for buckets made with the service key,
// timestamps as JavaScript dates print them.
const BUCKET_JSON = `jsonb_build_object('id', b.id, 'name', b.name, 'owner', coalesce(b.owner::text, b.owner_id, ''), 'public', b.public,
  'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types,
  'created_at', ${isoTimestampSql('b.created_at')}, 'updated_at', ${isoTimestampSql('b.updated_at')})`;

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

export async function bucketRoutes(app: FastifyInstance, { engine }: { engine: StorageEngine }): Promise<void> {
  const ctx = engine.ctx;

  app.get('/bucket', async (req) => {
    const caller = await callerFrom(req, ctx);
    const q = req.query as Record<string, string | undefined>;
    const limit = Math.min(Math.max(Number.parseInt(q.limit ?? '', 10) || 1000, 1), 1000);
    const offset = Math.max(Number.parseInt(q.offset ?? '', 10) || 0, 0);
    const sort = q.sortColumn && SORT_COLUMNS.has(q.sortColumn) ? q.sortColumn : 'name';
    const order = q.sortOrder === 'desc' ? 'desc' : 'asc';
    return engine.run(caller, 'storage.bucket.list', async (tx) => {
      const { rows } = await tx.query<{ b: unknown }>(
        `select ${BUCKET_JSON} as b from storage.buckets b
          where $1 = '' or strpos(lower(b.name), lower($1)) > 0
          order by b.${sort} ${order}, b.id collate "C" limit $2 offset $3`,
        [q.search ?? '', limit, offset],
      );
      return rows.map((r) => r.b);
    });
  });

  app.get('/bucket/:id', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { id } = req.params as { id: string };
    const row = await engine.run(caller, 'storage.bucket.get', async (tx) => {
      const { rows } = await tx.query<{ b: unknown }>(
        `select ${BUCKET_JSON} as b from storage.buckets b where b.id = $1`,
        [id],
      );
      return rows[0];
    });
    if (!row) throw errors.noSuchBucket();
    return row.b;
  });

  app.post('/bucket', async (req) => {
    const caller = await callerFrom(req, ctx);
    const body = parseBody(req.body);
    const id = body.id ?? body.name;
    if (!id) throw errors.invalidRequest("body must have required property 'name'");
    validateBucketId(id);
    const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
    await engine.run(
      caller,
      'storage.bucket.create',
      (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
           values ($1, $2, $8::uuid, $3, $4, $5, $6, $7)`,
          [
            id,
            id,
            sub,
            body.public ?? false,
            parseSizeLimit(body.file_size_limit) ?? null,
            body.allowed_mime_types ?? null,
            body.type ?? 'STANDARD',
            sub && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub) ? sub : null,
          ],
        ),
      errors.bucketExists,
    );
    return { name: id };
  });

  app.put('/bucket/:id', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { id } = req.params as { id: string };
    const body = parseBody(req.body);
    const limit = parseSizeLimit(body.file_size_limit);
    const count = await engine.run(caller, 'storage.bucket.update', async (tx) => {
      const res = await tx.query(
        `update storage.buckets set
            public = coalesce($2, public),
            file_size_limit = case when $3::boolean then $4::bigint else file_size_limit end,
            allowed_mime_types = case when $5::boolean then $6::text[] else allowed_mime_types end,
            updated_at = now()
          where id = $1`,
        [
          id,
          body.public ?? null,
          limit !== undefined,
          limit ?? null,
          body.allowed_mime_types !== undefined,
          body.allowed_mime_types ?? null,
        ],
      );
      return res.rowCount;
    });
    if (count === 0) throw errors.noSuchBucket();
    return { message: 'Successfully updated' };
  });

  app.post('/bucket/:id/empty', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { id } = req.params as { id: string };
    await engine.empty(caller, id);
    return { message: 'Successfully emptied' };
  });

  app.delete('/bucket/:id', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { id } = req.params as { id: string };
    await engine.findBucket(id);
    const { rows } = await ctx.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    if (rows.length > 0) throw errors.bucketNotEmpty();
    const count = await engine.run(caller, 'storage.bucket.delete', async (tx) => {
      return (await tx.query('delete from storage.buckets where id = $1', [id])).rowCount;
    });
    if (count === 0) throw errors.noSuchBucket();
    return { message: 'Successfully deleted' };
  });
}
