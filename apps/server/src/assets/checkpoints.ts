// Signed checkpoints of the asset ledger's head. A checkpoint is an ES256 JWT (the server's key,
// published in its JWKS) over {seq, entry_hash, created_at} of the newest entry. Before signing,
// the entries since the previous checkpoint are re-verified (and the previous checkpoint must
// still match its entry), so a signature never vouches for a broken chain. Anyone can later check
// that an entry from a certificate is covered: walk the public chain from it to a checkpoint.
import type { LedgerCheckpoint } from '@tagledger/functions-api';
import type { AppContext } from '../shared/context.js';

/** A checkpoint as the ledger-checkpoints function publishes it. */
export type Checkpoint = LedgerCheckpoint;

/** Signing is on demand; a new checkpoint is made at most this often unless one is needed to cover an entry. */
export const CHECKPOINT_MIN_INTERVAL_SECONDS = 60;
const HUNDRED_YEARS = 100 * 365 * 24 * 3600;

export class LedgerIntegrityError extends Error {
  constructor(readonly verification: Record<string, unknown>) {
    super(`The asset ledger failed verification: ${JSON.stringify(verification)}`);
  }
}

const CHECKPOINT_COLUMNS = `seq::int as seq, entry_hash, private.ledger_time(entry_created_at) as entry_created_at,
  signature, key_id, private.ledger_time(signed_at) as signed_at`;

export async function listCheckpoints(ctx: AppContext, limit = 20): Promise<Checkpoint[]> {
  const { rows } = await ctx.db.query<Checkpoint>(
    `select ${CHECKPOINT_COLUMNS} from public.ledger_checkpoints order by seq desc limit $1`,
    [limit],
  );
  return rows;
}

/**
 * Returns a checkpoint covering minSeq (or the head, when minSeq is not given), signing a new one
 * if needed. Without minSeq, a recent checkpoint is reused so callers cannot make us sign in a loop.
 */
export async function ensureCheckpoint(ctx: AppContext, opts: { minSeq?: number } = {}): Promise<Checkpoint | null> {
  const { rows: heads } = await ctx.db.query<{ seq: number; entry_hash: string; created_at: string }>(
    `select seq::int as seq, entry_hash, private.ledger_time(created_at) as created_at
     from public.asset_ledger order by seq desc limit 1`,
  );
  const head = heads[0];
  if (!head) return null;
  const { rows: latestRows } = await ctx.db.query<Checkpoint & { age: number }>(
    `select ${CHECKPOINT_COLUMNS}, extract(epoch from now() - signed_at)::float8 as age
     from public.ledger_checkpoints order by seq desc limit 1`,
  );
  const latest = latestRows[0];
  const target = opts.minSeq ?? head.seq;
  if (latest && latest.seq >= target) {
    return strip(opts.minSeq === undefined ? latest : ((await firstCovering(ctx, opts.minSeq)) ?? latest));
  }
  if (latest && opts.minSeq === undefined && latest.age < CHECKPOINT_MIN_INTERVAL_SECONDS) return strip(latest);

  // The previous checkpoint must still match its entry, and every entry after it must verify.
  if (latest) {
    const { rows } = await ctx.db.query<{ entry_hash: string }>(
      'select entry_hash from public.asset_ledger where seq = $1',
      [latest.seq],
    );
    if (rows[0]?.entry_hash !== latest.entry_hash) {
      throw new LedgerIntegrityError({ ok: false, first_bad_seq: latest.seq, reason: 'checkpointed entry changed' });
    }
  }
  const { rows: checks } = await ctx.db.query<{ v: Record<string, unknown> & { ok: boolean } }>(
    'select public.verify_asset_ledger($1, $2) as v',
    [latest ? latest.seq + 1 : 1, head.seq],
  );
  const verification = checks[0]!.v;
  if (!verification.ok) throw new LedgerIntegrityError(verification);

  const signature = await ctx.keys.sign(
    {
      iss: ctx.config.publicUrl,
      sub: 'asset-ledger-checkpoint',
      seq: head.seq,
      entry_hash: head.entry_hash,
      created_at: head.created_at,
    },
    HUNDRED_YEARS,
  );
  await ctx.db.query(
    `insert into public.ledger_checkpoints (seq, entry_hash, entry_created_at, signature, key_id)
     select seq, entry_hash, created_at, $2, $3 from public.asset_ledger where seq = $1
     on conflict (seq) do nothing`,
    [head.seq, signature, ctx.keys.kid],
  );
  return firstCovering(ctx, target);
}

async function firstCovering(ctx: AppContext, seq: number): Promise<Checkpoint | null> {
  const { rows } = await ctx.db.query<Checkpoint>(
    `select ${CHECKPOINT_COLUMNS} from public.ledger_checkpoints where seq >= $1 order by seq limit 1`,
    [seq],
  );
  return rows[0] ?? null;
}

function strip(c: Checkpoint & { age?: number }): Checkpoint {
  const { age: _age, ...rest } = c;
  return rest;
}
