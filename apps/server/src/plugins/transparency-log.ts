// /log/v1 — the transparency log's public HTTP interface (docs/protocol.md, "Transparency log").
// Everything is public, read-only (but for witnesses' cosignatures), served with CORS for any origin
// and cache headers a CDN can follow:
//   GET  /log/v1/checkpoint                     the newest signed checkpoint with cosignatures (C2SP)
//   GET  /log/v1/keys                           the public keys verifiers trust (tagledger-log-keys/v1)
//   GET  /log/v1/proof/inclusion?seq=&size=     inclusion proof of an entry in a signed tree
//   GET  /log/v1/proof/consistency?old=&size=   consistency proof between two tree sizes
//   GET  /log/v1/bundle?seq=&known=             a proof bundle of an entry against the newest head
//   GET  /log/v1/tile/<L>/<N>[.p/<W>]           C2SP tlog-tiles hash tiles (height 8)
//   GET  /log/v1/tile/entries/<N>[.p/<W>]       C2SP tlog-tiles entry bundles
//   POST /log/v1/cosignature                    a witness's cosignature (checkpoint text + lines)
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  addCosignatures,
  consistencyFor,
  CosignatureError,
  headOfSize,
  inclusionFor,
  latestHead,
  logEntry,
  logSize,
  proofBundle,
  registerLogJobs,
  setAlertLogger,
  signedNote,
  trustedKeys,
  withTimestamp,
} from '../assets/transparency-log.js';
import { entryText } from '@tagledger/verify';
import type { AppContext } from '../shared/context.js';
import { clientIp } from '../shared/http.js';

const TILE_HEIGHT = 8;
const TILE_WIDTH = 2 ** TILE_HEIGHT;

function publicHeaders(reply: FastifyReply, maxAge: number, immutable = false): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('cache-control', `public, max-age=${maxAge}${immutable ? ', immutable' : ''}`);
}

function fail(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .status(status)
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'no-store')
    .send({ code, message });
}

const seqParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const sizeParam = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** tlog-tiles index path: "x001/x234/067" → 1234067. */
function tileIndex(path: string): number | null {
  const parts = path.split('/');
  if (!parts.every((p, i) => (i < parts.length - 1 ? /^x\d{3}$/.test(p) : /^\d{3}$/.test(p)))) return null;
  const n = Number(parts.map((p) => p.replace('x', '')).join(''));
  return Number.isSafeInteger(n) ? n : null;
}

export async function transparencyLogRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  setAlertLogger((fields, message) => app.log.error(fields, message));
  await registerLogJobs(ctx);

  const limited = async (ip: string) => ctx.rateLimiter.hit(`log:ip:${ip}`, { limit: 600, windowSeconds: 60 });

  app.get('/checkpoint', async (_req, reply) => {
    const head = await latestHead(ctx.db);
    if (!head) return fail(reply, 404, 'empty_log', 'The log has no signed checkpoint yet');
    return publicHeaders(reply, 10).type('text/plain; charset=utf-8').send(signedNote(head));
  });

  app.get('/keys', async (_req, reply) => publicHeaders(reply, 300).send(await trustedKeys(ctx)));

  app.get('/proof/inclusion', async (req, reply) => {
    const q = z.object({ seq: seqParam, size: sizeParam.optional() }).safeParse(req.query);
    if (!q.success) return fail(reply, 400, 'bad_request', 'seq (an entry position) and size are whole numbers');
    const head = q.data.size ? await headOfSize(ctx.db, q.data.size) : await latestHead(ctx.db);
    if (!head) return fail(reply, 404, 'no_such_head', 'No signed checkpoint of that size');
    if (q.data.seq > head.size)
      return fail(reply, 404, 'not_in_tree', `Entry ${q.data.seq} is not in a tree of ${head.size}`);
    const entry = await logEntry(ctx.db, q.data.seq);
    const proof = await inclusionFor(ctx.db, q.data.seq, head.size);
    return publicHeaders(reply, q.data.size ? 86400 : 10).send({
      seq: q.data.seq,
      size: head.size,
      entry,
      proof,
      checkpoint: signedNote(head),
    });
  });

  app.get('/proof/consistency', async (req, reply) => {
    const q = z.object({ old: sizeParam, size: sizeParam }).safeParse(req.query);
    if (!q.success) return fail(reply, 400, 'bad_request', 'old and size are whole numbers');
    if (q.data.old > q.data.size) return fail(reply, 400, 'bad_request', 'old cannot be larger than size');
    if (q.data.size > (await logSize(ctx.db))) return fail(reply, 404, 'not_in_tree', 'The log is not that large');
    const proof = await consistencyFor(ctx.db, q.data.old, q.data.size);
    return publicHeaders(reply, 86400, true).send({ old: q.data.old, size: q.data.size, proof });
  });

  app.get('/bundle', async (req, reply) => {
    if (!(await limited(clientIp(req)))) return fail(reply, 429, 'rate_limited', 'Too many requests');
    const q = z.object({ seq: seqParam, known: sizeParam.optional() }).safeParse(req.query);
    if (!q.success) return fail(reply, 400, 'bad_request', 'seq and known are whole numbers');
    const newest = await latestHead(ctx.db);
    if (!newest || q.data.seq > newest.size)
      return fail(reply, 404, 'not_in_tree', 'No signed checkpoint covers this entry yet');
    const head = await withTimestamp(ctx, newest);
    const entry = (await logEntry(ctx.db, q.data.seq))!;
    const bundle = await proofBundle(ctx, entry, head, { live: true, knownSize: q.data.known });
    return reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store').send(bundle);
  });

  app.get('/tile/*', async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    const m = /^(\d+|entries)\/((?:x\d{3}\/)*\d{3})(?:\.p\/(\d+))?$/.exec(rest);
    const index = m ? tileIndex(m[2]!) : null;
    const width = m?.[3] ? Number(m[3]) : TILE_WIDTH;
    if (!m || index === null || width < 1 || width > TILE_WIDTH || (m[3] && width === TILE_WIDTH)) {
      return fail(reply, 404, 'not_found', 'No such tile');
    }
    const first = index * TILE_WIDTH;
    if (m[1] === 'entries') {
      const { rows } = await ctx.db.query<{
        seq: string;
        event: string;
        record_hash: string;
        prev_hash: string;
        created_at: string;
      }>(
        `select seq::text as seq, event, record_hash, prev_hash, private.ledger_time(created_at) as created_at
           from public.asset_ledger where seq > $1 and seq <= $2 order by seq`,
        [first, first + width],
      );
      if (rows.length !== width) return fail(reply, 404, 'not_found', 'No such tile');
      const parts = rows.map((r) => {
        const data = Buffer.from(entryText({ ...r, seq: Number(r.seq) }));
        const len = Buffer.alloc(2);
        len.writeUInt16BE(data.length);
        return Buffer.concat([len, data]);
      });
      return publicHeaders(reply, width === TILE_WIDTH ? 31536000 : 10, width === TILE_WIDTH)
        .type('application/octet-stream')
        .send(Buffer.concat(parts));
    }
    const level = Number(m[1]) * TILE_HEIGHT;
    if (level > 62) return fail(reply, 404, 'not_found', 'No such tile');
    const { rows } = await ctx.db.query<{ hash: Uint8Array }>(
      `select hash from private.log_nodes where level = $1 and idx >= $2 and idx < $3 order by idx`,
      [level, first, first + width],
    );
    if (rows.length !== width) return fail(reply, 404, 'not_found', 'No such tile');
    return publicHeaders(reply, width === TILE_WIDTH ? 31536000 : 10, width === TILE_WIDTH)
      .type('application/octet-stream')
      .send(Buffer.concat(rows.map((r) => Buffer.from(r.hash))));
  });

  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post('/cosignature', async (req, reply) => {
    if (!(await limited(clientIp(req)))) return fail(reply, 429, 'rate_limited', 'Too many requests');
    if (typeof req.body !== 'string')
      return fail(reply, 400, 'bad_request', 'Send the checkpoint and cosignature lines as text/plain');
    try {
      const result = await addCosignatures(ctx, req.body);
      return reply.header('access-control-allow-origin', '*').send(result);
    } catch (err) {
      if (err instanceof CosignatureError) return fail(reply, err.status, err.code, err.message);
      throw err;
    }
  });

  app.setNotFoundHandler((_req, reply) => fail(reply, 404, 'not_found', 'Not found'));
}
