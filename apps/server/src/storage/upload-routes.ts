// Upload bodies (D.3): POST/PUT /object/{bucket}/{path} and PUT /object/upload/sign/{bucket}/{path}.
// This plugin replaces Fastify's body parsers so the request body reaches the engine as a stream
// (raw bodies) or as the stream of the first file part (multipart): nothing is buffered, and the
// engine's inspector enforces the size limit while the bytes flow to disk.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { SERVICE_CALLER, type StorageEngine } from './engine.js';
import { callerFrom } from './caller.js';
import { errors, StorageError } from './errors.js';
import { verifyUrlToken } from './tokens.js';

interface UploadBody {
  body: Readable;
  contentType: string;
  cacheControl: string | undefined;
  userMetadata: Record<string, unknown> | undefined;
  contentLength: number | undefined;
  trailing?: Promise<{ cacheControl: string | undefined; userMetadata: Record<string, unknown> | undefined }>;
}

/** Multipart cacheControl is seconds ("3600"), stored as the header value. */
function cacheControlField(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

function parseMetadata(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw errors.invalidRequest('Invalid metadata: expected a JSON object');
}

/** `type/subtype`, optionally followed by parameters: what Fastify's body parsing accepts. */
function isMediaType(value: string): boolean {
  return /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+\s*(;.*)?$/i.test(value.trim());
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The multipart parser fails with plain errors on a malformed body; that is the client's fault. */
function malformed(err: unknown): StorageError {
  return err instanceof StorageError ? err : errors.invalidRequest('Malformed multipart body');
}

async function readUpload(req: FastifyRequest): Promise<UploadBody> {
  if (req.isMultipart()) {
    const iterator = req
      .parts({ limits: { fileSize: Infinity, files: 1, fields: 10, fieldSize: 1024 * 1024, parts: 12 } })
      [Symbol.asyncIterator]();
    const parts = { next: () => iterator.next().catch((err: unknown) => Promise.reject(malformed(err))) };
    const fields: Record<string, string> = {};
    let file: MultipartFile | undefined;
    // Fields before the file part (supabase-js puts cacheControl and metadata first).
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type === 'file') {
        // Any single file part, whatever its field name (supabase-js uses the empty name).
        file = part;
        break;
      }
      fields[part.fieldname] = String(part.value);
    }
    if (!file) throw errors.invalidRequest('The multipart body has no file part');
    const options = () => ({
      cacheControl: cacheControlField(fields.cacheControl),
      userMetadata: parseMetadata(fields.metadata),
    });
    // Fields after the file (a caller's own FormData gets cacheControl/metadata appended last)
    // can only be read once the file has streamed through; the engine awaits them.
    const trailing = (async () => {
      for (let next = await parts.next(); !next.done; next = await parts.next()) {
        if (next.value.type === 'field') fields[next.value.fieldname] = String(next.value.value);
      }
      return options();
    })();
    trailing.catch(() => undefined);
    let before: ReturnType<typeof options>;
    try {
      before = options();
    } catch (err) {
      // Let the parser run to the end of the body so the error can be answered.
      file.file.resume();
      throw err;
    }
    return {
      body: file.file,
      contentType: file.mimetype || 'application/octet-stream',
      cacheControl: before.cacheControl,
      userMetadata: before.userMetadata,
      contentLength: undefined,
      trailing,
    };
  }
  const xMetadata = header(req, 'x-metadata');
  let userMetadata: Record<string, unknown> | undefined;
  if (xMetadata) userMetadata = parseMetadata(Buffer.from(xMetadata, 'base64').toString('utf8'));
  const length = header(req, 'content-length');
  return {
    body: (req.body as Readable | undefined) ?? req.raw,
    contentType: header(req, 'content-type') || 'application/octet-stream',
    cacheControl: header(req, 'cache-control'),
    userMetadata,
    contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
  };
}

/**
 * After a refused upload, reads and discards the rest of the request body before answering, so
 * the client gets the error response and its keep-alive connection stays usable. A body declared
 * far beyond any limit is not worth reading: that connection is closed after the answer instead.
 */
async function drain(
  req: FastifyRequest,
  reply: FastifyReply,
  body: Readable | undefined,
  maxBytes: number,
): Promise<void> {
  if (req.raw.complete || req.raw.destroyed) return;
  const declared = Number(header(req, 'content-length') ?? 0);
  if (declared > maxBytes) {
    reply.header('Connection', 'close');
    return;
  }
  await new Promise<void>((resolve) => {
    let seen = 0;
    const finish = () => {
      req.raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) {
        reply.header('Connection', 'close');
        finish();
      }
    };
    req.raw.on('data', count);
    req.raw.once('end', finish);
    req.raw.once('close', finish);
    req.raw.once('error', finish);
    // A multipart file stream left paused would stall the parser and with it the request.
    if (body && body !== req.raw) {
      body.on('error', () => undefined);
      body.resume();
    }
    req.raw.resume();
  });
}

export async function uploadRoutes(app: FastifyInstance, { engine }: { engine: StorageEngine }): Promise<void> {
  const ctx = engine.ctx;
  app.removeAllContentTypeParsers();
  // Hand every body over unread; multipart gets its own (streaming) parser below.
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
  await app.register(multipart);
  // supabase-js sends `content-type: undefined` (the string) when a caller passes
  // `{ contentType: undefined }`, and Fastify refuses any value that is not `type/subtype` with 415
  // before a route runs. The Storage API takes such uploads, so an unusable value counts as no
  // content type at all (stored as application/octet-stream, still checked against the bucket).
  app.addHook('onRequest', async (req) => {
    const type = req.headers['content-type'];
    if (type !== undefined && !isMediaType(type)) delete req.headers['content-type'];
  });

  /** Runs one upload step; on any failure drains the body first, then lets the error answer. */
  async function guarded<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    fn: (setBody: (b: Readable) => void) => Promise<T>,
  ): Promise<T> {
    let body: Readable | undefined;
    try {
      return await fn((b) => {
        body = b;
      });
    } catch (err) {
      await drain(req, reply, body, 2 * engine.globalLimit);
      throw err;
    }
  }

  async function upload(req: FastifyRequest, reply: FastifyReply, upsert: boolean) {
    return guarded(req, reply, async (setBody) => {
      const caller = await callerFrom(req, ctx);
      const p = req.params as { bucket: string; '*': string };
      const body = await readUpload(req);
      setBody(body.body);
      const { id, key } = await engine.upload(caller, { bucket: p.bucket, name: p['*'] ?? '', upsert, ...body });
      return { Id: id, Key: key };
    });
  }

  app.post('/object/:bucket/*', (req, reply) => upload(req, reply, header(req, 'x-upsert') === 'true'));
  // update(): always replaces.
  app.put('/object/:bucket/*', (req, reply) => upload(req, reply, true));

  app.put('/object/upload/sign/:bucket/*', (req, reply) =>
    guarded(req, reply, async (setBody) => {
      const p = req.params as { bucket: string; '*': string };
      const name = p['*'] ?? '';
      const claims = await verifyUrlToken(ctx, (req.query as { token?: string }).token, p.bucket, name, 'upload');
      const body = await readUpload(req);
      setBody(body.body);
      // The token is the authorisation: the row is written with privileges, owned by the signer.
      const { key } = await engine.upload(SERVICE_CALLER, {
        bucket: p.bucket,
        name,
        upsert: claims.upsert === true,
        ownerId: typeof claims.owner === 'string' ? claims.owner : undefined,
        ...body,
      });
      return { Key: key };
    }),
  );
}
