// Sends an object's bytes the way Storage does: stored type and cache headers, ETag with
// If-None-Match → 304, single byte ranges → 206, ?download → Content-Disposition attachment.
// Unlike Storage, only the server-checked type is sent, and anything that is not passive media is
// always an attachment (the sandboxing headers every storage answer gets are set in routes.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from './backend.js';
import type { ObjectRow, StorageEngine } from './engine.js';
import { errors } from './errors.js';
import { isInlineMedia, servedMimeType } from './mime.js';

/** Parses "bytes=a-b" | "bytes=a-" | "bytes=-n" against size; null = no (usable) Range header. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multi-range and other units are legal to ignore: answer with the whole object.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

function contentDisposition(download: string): string {
  if (!download) return 'attachment;';
  const ascii = download.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download)}`;
}

export async function sendObject(
  engine: StorageEngine,
  req: FastifyRequest,
  reply: FastifyReply,
  row: ObjectRow,
  opts: { headOnly?: boolean; expires?: Date } = {},
): Promise<FastifyReply> {
  const meta = row.metadata ?? {};
  const size = Number(meta.size ?? 0);
  const type = servedMimeType(meta.mimetype);
  const etag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
  reply.header('Content-Type', type);
  reply.header('Cache-Control', String(meta.cacheControl ?? 'no-cache'));
  reply.header('Accept-Ranges', 'bytes');
  if (etag) reply.header('ETag', etag);
  const lastModified = new Date(String(meta.lastModified ?? row.updated_at));
  if (!Number.isNaN(lastModified.getTime())) reply.header('Last-Modified', lastModified.toUTCString());
  if (opts.expires) reply.header('Expires', opts.expires.toUTCString());
  const query = req.query as Record<string, unknown>;
  if (typeof query.download === 'string') reply.header('Content-Disposition', contentDisposition(query.download));
  // HTML, SVG, XML, scripts, text…: a browser opening the URL saves the file instead of rendering it.
  else if (!isInlineMedia(type)) reply.header('Content-Disposition', 'attachment');

  const ifNoneMatch = req.headers['if-none-match'];
  if (etag && ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    return reply.status(304).send();
  }

  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${size}`);
    throw errors.invalidRange();
  }
  if (range) {
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.header('Content-Length', String(size));
  }
  if (opts.headOnly) return reply.send();
  const stream = await engine.openBytes(row, range ?? undefined);
  return reply.send(stream);
}
