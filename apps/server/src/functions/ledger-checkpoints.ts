// /functions/v1/ledger-checkpoints — public, no sign-in: the signed checkpoints of the asset
// ledger, the key that verifies them, and (with fromSeq) the hash-only chain from an entry, so
// anyone can check a certificate's entry against a signed head without trusting this page.
// Body or query: { fromSeq?, limit? }. Asking also signs a new checkpoint when the head has moved
// and the last one is older than a minute.
import { z } from 'zod';
import { ensureCheckpoint, listCheckpoints } from '../assets/checkpoints.js';
import type { LedgerEntry } from '@tagledger/functions-api';
import { FunctionError, parseInput } from './errors.js';
import { clientIp } from '../shared/http.js';
import type { ServerFunction } from './types.js';

const paramsSchema = z.object({
  fromSeq: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const ledgerCheckpoints: ServerFunction<'ledger-checkpoints'> = {
  name: 'ledger-checkpoints',
  verifyJwt: false,
  async handler({ ctx, req }) {
    const source = {
      ...((req.query as Record<string, unknown>) ?? {}),
      ...((req.body as Record<string, unknown>) ?? {}),
    };
    const input = parseInput(paramsSchema, source);
    if (!(await ctx.rateLimiter.hit(`ledger-checkpoints:ip:${clientIp(req)}`, { limit: 120, windowSeconds: 60 }))) {
      throw new FunctionError(429, 'Too many requests. Please try again in a minute.');
    }
    await ensureCheckpoint(ctx).catch((err: unknown) => req.log.error({ err }, 'ledger checkpoint failed'));
    const checkpoints = await listCheckpoints(ctx, 20);
    let entries: LedgerEntry[] | undefined;
    if (input.fromSeq) {
      const { rows } = await ctx.db.query<LedgerEntry>('select * from public.get_ledger_entries($1, $2)', [
        input.fromSeq,
        input.limit ?? 500,
      ]);
      // seq is a bigint column, which the drivers may return as text.
      entries = rows.map((r) => ({ ...r, seq: Number(r.seq) }));
    }
    return {
      algorithm: 'ES256',
      entryHash: 'sha256(prev_hash|record_hash|seq|event|created_at)',
      keys: ctx.keys.jwks,
      checkpoints,
      ...(entries ? { entries } : {}),
    };
  },
};
