// Image transformations (Storage API /render/image/…): width, height, resize mode and quality
// from the query string (or, for signed URLs, from the token), output as AVIF or WebP when the
// browser accepts them, else in the source format. Only raster types sharp decodes are
// transformed — never SVG or anything else — and decoding is capped in pixels. Results are kept
// in a small in-memory cache by object version, since resizing costs far more than serving.
//
// An object stored as one of those types that sharp still cannot decode (a truncated upload, a
// camera's odd JPEG variant) is served as it is, with its stored type — the answer a download would
// give the same caller — and `X-Transformation: original`: the upload accepted it, so a gallery
// shows the original rather than a broken image (the browser may still manage to show it). Which
// versions failed is remembered so they are not decoded again.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ObjectRow, StorageEngine } from './engine.js';
import { errors } from './errors.js';
import { baseMimeType, SNIFF_BYTES, sniffImageType } from './mime.js';

/** The Storage API's limits for a requested dimension and quality. */
export const transformOptions = z
  .object({
    width: z.coerce.number().int().min(1).max(2500).optional(),
    height: z.coerce.number().int().min(1).max(2500).optional(),
    resize: z.enum(['cover', 'contain', 'fill']).default('cover'),
    quality: z.coerce.number().int().min(20).max(100).default(80),
    format: z.enum(['origin']).optional(),
  })
  .strip();
export type TransformOptions = z.infer<typeof transformOptions>;

/** Parses transformation options; bad values answer 400 InvalidRequest like the Storage API. */
export function parseTransform(input: unknown): TransformOptions {
  const parsed = transformOptions.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw errors.invalidRequest(issue ? `${issue.path.join('/')} ${issue.message}` : 'Invalid transformation');
  }
  return parsed.data;
}

type Output = 'avif' | 'webp' | 'jpeg' | 'png';
const SOURCE_OUTPUT: Record<string, Output> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'png',
};
/** Largest image decoded for a transformation (a 40-megapixel photo). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Largest stored object transformed; bigger ones are refused rather than decoded. */
const MAX_INPUT_BYTES = 25 * 1024 * 1024;

/** The output format: `origin` keeps the source's, else the best the Accept header allows. */
export function outputFormat(sourceType: string, accept: string | undefined, options: TransformOptions): Output {
  const source = SOURCE_OUTPUT[sourceType]!;
  if (options.format === 'origin') return source;
  const types = (accept ?? '').toLowerCase();
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return source;
}

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

async function transform(bytes: Buffer, options: TransformOptions, format: Output): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  if (options.width || options.height) {
    image = image.resize({
      ...(options.width ? { width: options.width } : {}),
      ...(options.height ? { height: options.height } : {}),
      fit: FIT[options.resize],
      withoutEnlargement: true,
    });
  }
  const quality = options.quality;
  // AVIF at a low effort: most of its size gain for a fraction of the encoding time.
  if (format === 'avif') image = image.avif({ quality, effort: 2 });
  else if (format === 'webp') image = image.webp({ quality });
  else if (format === 'jpeg') image = image.jpeg({ quality, mozjpeg: true });
  else image = image.png();
  return image.toBuffer();
}

/** Least-recently-used results by object version and options, bounded in bytes. */
class RenderCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes / 4) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }
}
const cache = new RenderCache(64 * 1024 * 1024);

/** Object versions sharp failed to decode (insertion-ordered, oldest dropped first). */
const undecodable = new Set<string>();
const MAX_UNDECODABLE = 10_000;
function rememberUndecodable(key: string): void {
  undecodable.add(key);
  if (undecodable.size > MAX_UNDECODABLE) undecodable.delete(undecodable.values().next().value!);
}

/** Transforms and sends an image object; anything else is refused before it is read. */
export async function sendRendered(
  engine: StorageEngine,
  req: FastifyRequest,
  reply: FastifyReply,
  row: ObjectRow,
  options: TransformOptions,
  opts: { headOnly?: boolean } = {},
): Promise<FastifyReply> {
  const meta = row.metadata ?? {};
  const storedType = baseMimeType(String(meta.mimetype ?? ''));
  if (Number(meta.size ?? 0) > MAX_INPUT_BYTES) throw errors.invalidRequest('The image is too large to transform');
  // An image stored under another type (supabase-js uploads a Buffer as text/plain unless told) is
  // transformed by its bytes, as Storage's image service does; anything else is refused.
  let sourceType = storedType;
  let read: Buffer | undefined;
  if (!SOURCE_OUTPUT[sourceType]) {
    read = await engine.readAll(row);
    const sniffed = sniffImageType(read.subarray(0, SNIFF_BYTES));
    if (!sniffed || !SOURCE_OUTPUT[sniffed])
      throw errors.invalidRequest(`Image transformation is not supported for ${storedType || 'this object'}`);
    sourceType = sniffed;
  }
  const format = outputFormat(sourceType, req.headers.accept, options);
  const version = JSON.stringify([row.id, row.version]);
  const key = JSON.stringify([row.id, row.version, format, options]);
  reply.header('X-Transformations', transformationsHeader(options));
  let out = cache.get(key);
  if (!out) {
    const bytes = read ?? (await engine.readAll(row));
    if (undecodable.has(version)) return sendOriginal(reply, sourceType, meta, bytes, opts.headOnly);
    try {
      out = await transform(bytes, options, format);
    } catch (err) {
      req.log.warn({ err, object: row.id }, 'image could not be decoded; serving the original');
      rememberUndecodable(version);
      return sendOriginal(reply, sourceType, meta, bytes, opts.headOnly);
    }
    cache.set(key, out);
  }
  reply.header('Content-Type', `image/${format}`);
  reply.header('Cache-Control', String(meta.cacheControl ?? 'no-cache'));
  // The format follows Accept: caches must keep one answer per Accept header.
  reply.header('Vary', 'Accept');
  if (typeof meta.eTag === 'string') reply.header('ETag', `${meta.eTag.replace(/"$/, '')}-${format}"`);
  reply.header('Content-Length', String(out.length));
  return opts.headOnly ? reply.send() : reply.send(out);
}

/** Storage's X-Transformations header, in its image service's words and order. */
const RESIZING: Record<TransformOptions['resize'], string> = { cover: 'fill', contain: 'fit', fill: 'force' };
export function transformationsHeader(o: TransformOptions): string {
  return [
    o.height ? `height:${o.height}` : '',
    o.width ? `width:${o.width}` : '',
    `resizing_type:${RESIZING[o.resize]}`,
    `quality:${o.quality}`,
  ]
    .filter(Boolean)
    .join(',');
}

/** The stored bytes untransformed, typed as stored (always one of the raster types above). */
function sendOriginal(
  reply: FastifyReply,
  sourceType: string,
  meta: Record<string, unknown>,
  bytes: Buffer,
  headOnly: boolean | undefined,
): FastifyReply {
  reply.header('Content-Type', sourceType);
  reply.header('Cache-Control', String(meta.cacheControl ?? 'no-cache'));
  reply.header('X-Transformation', 'original');
  if (typeof meta.eTag === 'string') reply.header('ETag', meta.eTag);
  reply.header('Content-Length', String(bytes.length));
  return headOnly ? reply.send() : reply.send(bytes);
}
