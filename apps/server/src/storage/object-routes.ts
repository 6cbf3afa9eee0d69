// /storage/v1/object — everything about objects except the upload bodies (upload-routes.ts):
// downloads (authenticated, public, signed), info/exists, list, remove, move, copy, and signing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listFolder, SERVICE_CALLER, type Caller, type StorageEngine } from './engine.js';
import { callerFrom } from './caller.js';
import { sendObject } from './download.js';
import { errors } from './errors.js';
import { readableObjectNames } from './service.js';
import { listV2, listV2Body } from './list-v2.js';
import { parseTransform, sendRendered, transformOptions } from './render.js';
import { signDownloadToken, signUploadToken, verifyUrlToken } from './tokens.js';

type Params = { bucket: string; '*': string };

function target(req: FastifyRequest): { bucket: string; name: string } {
  const p = req.params as Params;
  return { bucket: p.bucket, name: p['*'] ?? '' };
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw errors.invalidRequest(issue ? `body/${issue.path.join('/')} ${issue.message}` : 'Invalid body');
  }
  return parsed.data;
}

const expiresIn = z.coerce
  .number()
  .int()
  .min(1)
  .max(10 * 365 * 24 * 3600);
// createSignedUrl(path, expiresIn, { transform }) signs the transformation into the token.
const signBody = z.object({ expiresIn, transform: transformOptions.optional() });
const signManyBody = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) });
const listBody = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.string().default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().max(1024).default(''),
});
const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });
const moveBody = z.object({
  bucketId: z.string().min(1),
  sourceKey: z.string().min(1),
  destinationKey: z.string().min(1),
  destinationBucket: z.string().min(1).optional(),
});

export async function objectRoutes(app: FastifyInstance, { engine }: { engine: StorageEngine }): Promise<void> {
  const ctx = engine.ctx;

  // Downloads. GET routes get explicit HEAD twins (exists()) so HEAD never streams the bytes.
  async function authenticated(req: FastifyRequest, reply: FastifyReply, headOnly: boolean) {
    const caller = await callerFrom(req, ctx);
    const { bucket, name } = target(req);
    const row = await engine.findObject(caller, bucket, name);
    return sendObject(engine, req, reply, row, { headOnly });
  }
  async function publicObject(req: FastifyRequest, reply: FastifyReply, headOnly: boolean) {
    const { bucket, name } = target(req);
    const b = await engine.findBucket(bucket);
    // A private bucket answers exactly like a missing one.
    if (!b.public) throw errors.noSuchBucket();
    const row = await engine.findObject(SERVICE_CALLER, bucket, name);
    return sendObject(engine, req, reply, row, { headOnly });
  }
  async function signed(req: FastifyRequest, reply: FastifyReply, headOnly: boolean) {
    const { bucket, name } = target(req);
    const claims = await verifyUrlToken(ctx, (req.query as { token?: string }).token, bucket, name, 'download');
    const row = await engine.findObject(SERVICE_CALLER, bucket, name);
    const exp = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined;
    return sendObject(engine, req, reply, row, { headOnly, ...(exp ? { expires: exp } : {}) });
  }
  // Transformed images: the same access rules as the object routes above, then sharp.
  async function renderAuthenticated(req: FastifyRequest, reply: FastifyReply, headOnly: boolean) {
    const options = parseTransform(req.query);
    const caller = await callerFrom(req, ctx);
    const { bucket, name } = target(req);
    const row = await engine.findObject(caller, bucket, name);
    return sendRendered(engine, req, reply, row, options, { headOnly });
  }
  async function renderPublic(req: FastifyRequest, reply: FastifyReply, headOnly: boolean) {
    const options = parseTransform(req.query);
    const { bucket, name } = target(req);
    const b = await engine.findBucket(bucket);
    if (!b.public) throw errors.noSuchBucket();
    const row = await engine.findObject(SERVICE_CALLER, bucket, name);
    return sendRendered(engine, req, reply, row, options, { headOnly });
  }
  async function renderSigned(req: FastifyRequest, reply: FastifyReply, headOnly: boolean) {
    const { bucket, name } = target(req);
    const claims = await verifyUrlToken(ctx, (req.query as { token?: string }).token, bucket, name, 'download');
    // The signer chose the transformation; the query string cannot change it.
    const options = parseTransform(claims.transform);
    const row = await engine.findObject(SERVICE_CALLER, bucket, name);
    return sendRendered(engine, req, reply, row, options, { headOnly });
  }
  for (const [prefix, fn] of [
    ['/object/authenticated/:bucket/*', authenticated],
    ['/object/public/:bucket/*', publicObject],
    ['/object/sign/:bucket/*', signed],
    ['/object/:bucket/*', authenticated],
    ['/render/image/authenticated/:bucket/*', renderAuthenticated],
    ['/render/image/public/:bucket/*', renderPublic],
    ['/render/image/sign/:bucket/*', renderSigned],
  ] as const) {
    app.get(prefix, { exposeHeadRoute: false }, (req, reply) => fn(req, reply, false));
    app.head(prefix, (req, reply) => fn(req, reply, true));
  }

  app.get('/object/info/:bucket/*', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { bucket, name } = target(req);
    const row = await engine.findObject(caller, bucket, name);
    const meta = row.metadata ?? {};
    return {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: row.updated_at,
      created_at: row.created_at,
    };
  });

  app.post('/object/list/:bucket', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { bucket } = req.params as { bucket: string };
    const body = parse(listBody, req.body);
    await engine.findBucket(bucket);
    return listFolder(engine, caller, bucket, {
      prefix: body.prefix,
      limit: body.limit,
      offset: body.offset,
      sortColumn: body.sortBy.column,
      sortOrder: body.sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc',
      search: body.search,
    });
  });

  app.post('/object/list-v2/:bucket', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { bucket } = req.params as { bucket: string };
    const body = parse(listV2Body, req.body);
    await engine.findBucket(bucket);
    return listV2(engine, caller, bucket, body);
  });

  app.delete('/object/:bucket', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { bucket } = req.params as { bucket: string };
    const body = parse(removeBody, req.body);
    return engine.remove(caller, bucket, body.prefixes);
  });

  app.delete('/object/:bucket/*', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { bucket, name } = target(req);
    const rows = await engine.remove(caller, bucket, [name]);
    if (rows.length === 0) throw errors.noSuchKey();
    return { message: 'Successfully deleted' };
  });

  app.post('/object/move', async (req) => {
    const caller = await callerFrom(req, ctx);
    const b = parse(moveBody, req.body);
    await engine.move(
      caller,
      { bucket: b.bucketId, name: b.sourceKey },
      { bucket: b.destinationBucket ?? b.bucketId, name: b.destinationKey },
    );
    return { message: 'Successfully moved' };
  });

  app.post('/object/copy', async (req) => {
    const caller = await callerFrom(req, ctx);
    const b = parse(moveBody, req.body);
    const { id, key } = await engine.copy(
      caller,
      { bucket: b.bucketId, name: b.sourceKey },
      { bucket: b.destinationBucket ?? b.bucketId, name: b.destinationKey },
    );
    return { Id: id, Key: key };
  });

  // Signed download URLs: the caller must be able to read the object now (RLS SELECT).
  app.post('/object/sign/:bucket/*', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { bucket, name } = target(req);
    const { expiresIn, transform } = parse(signBody, req.body);
    await engine.findObject(caller, bucket, name);
    const token = await signDownloadToken(ctx, bucket, name, expiresIn, transform);
    // Not percent-encoded: storage-js encodeURI()s the whole URL itself.
    const route = transform ? 'render/image/sign' : 'object/sign';
    return { signedURL: `/${route}/${bucket}/${name}?token=${token}` };
  });

  app.post('/object/sign/:bucket', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { bucket } = req.params as { bucket: string };
    const { expiresIn, paths } = parse(signManyBody, req.body);
    const visible = await visibleNames(engine, caller, bucket, paths);
    return Promise.all(
      paths.map(async (path) =>
        visible.has(path)
          ? {
              path,
              signedURL: `/object/sign/${bucket}/${path}?token=${await signDownloadToken(ctx, bucket, path, expiresIn)}`,
              error: null,
            }
          : { path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' },
      ),
    );
  });

  // Signed upload URLs: the caller must pass the INSERT (and with upsert UPDATE) policies now.
  app.post('/object/upload/sign/:bucket/*', async (req) => {
    const caller = await callerFrom(req, ctx);
    const { bucket, name } = target(req);
    const upsert = req.headers['x-upsert'] === 'true';
    await engine.checkCanUpload(caller, bucket, name, upsert);
    const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : undefined;
    const token = await signUploadToken(ctx, bucket, name, { owner, upsert });
    return { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token };
  });
}

async function visibleNames(
  engine: StorageEngine,
  caller: Caller,
  bucket: string,
  names: string[],
): Promise<Set<string>> {
  return engine.run(caller, 'storage.object.sign', (tx) => readableObjectNames(tx, bucket, names));
}
