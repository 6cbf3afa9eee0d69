// The transparency log of the asset ledger (docs/decisions/0144). The database appends a Merkle
// leaf with every ledger entry (private.log_nodes, migration 20261127000800); this module signs
// tree heads as C2SP checkpoints with the log's Ed25519 key, timestamps them (RFC 3161, when
// TSA_URL is set), accepts witnesses' cosignatures, and makes inclusion and consistency proofs from
// the stored complete subtrees (O(log n) reads each).
//
// Before a head is signed, the entries added since the previous head are recomputed from the ledger
// and compared with their stored leaves, and the new tree must provably extend the previous head
// (a consistency proof from the stored nodes): the log's key never vouches for a rewritten or
// truncated tree. A failure is refused, logged as an alert and counted (consistencyFailures, on /metrics).
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Tx } from '@tagledger/db';
import {
  asTrustedKeys,
  bundleToQrText,
  consistencyProof,
  entryLeafHash,
  equal,
  formatCheckpoint,
  inclusionProof,
  KEYS_FORMAT,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  SIG_COSIGNATURE_V1,
  toBase64,
  treeRoot,
  utf8,
  verifyConsistency,
  verifyCosignature,
  verifyTimestamp,
  type LogEntry,
  type NodeSource,
  type ProofBundle,
  type TrustedKeys,
  type VerifierKey,
} from '@tagledger/verify';
import {
  compactTimestamp,
  generateSignerKey,
  parseSignerKey,
  requestTimestamp,
  signNote,
  type NoteSigner,
} from '@tagledger/verify/node';
import type { VerifyMatch } from '@tagledger/functions-api';
import type { CertificateLog } from './certificate.js';
import type { Config } from '../config/index.js';
import type { AppContext } from '../shared/context.js';

export const SIGN_HEAD_JOB = 'log.sign-head';

export interface LogHead {
  size: number;
  root: Uint8Array;
  /** The checkpoint text (origin, size, root). */
  body: string;
  /** The log's own signature line. */
  signature: string;
  signedAt: string;
  /** base64 DER RFC 3161 token over SHA-256(body), if the head was timestamped. */
  timestampToken: string | null;
  timestampedAt: string | null;
  /** Witnesses' cosignature lines. */
  cosignatures: string[];
}

/** Alerts raised since start: heads refused because the stored tree did not extend the last head. */
export const logAlerts = { consistencyFailures: 0, forkedCosignatures: 0 };

export class LogIntegrityError extends Error {}

/** A cosignature the log refuses, with the HTTP status and code it answers. */
export class CosignatureError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Log {
  origin: string;
  signer: NoteSigner;
  witnesses: VerifierKey[];
}

const logs = new WeakMap<AppContext, Promise<Log>>();

function logKeyFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'log-key.txt');
}

/** LOG_PRIVATE_KEY, or DATA_DIR/keys/log-key.txt (created on first use, named after the origin). */
export async function loadLogSigner(config: Config): Promise<NoteSigner> {
  const { privateKey, origin } = config.transparencyLog;
  if (privateKey) return parseSignerKey(privateKey);
  const file = logKeyFile(config.dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${await generateSignerKey(origin, 0x01)}\n`, { mode: 0o600 });
    // A link fails if another server wrote the key first: theirs wins, as with the signing key.
    try {
      fs.linkSync(tmp, file);
    } catch {
      /* another process created it */
    }
    fs.rmSync(tmp, { force: true });
  }
  return parseSignerKey(fs.readFileSync(file, 'utf8'));
}

export function transparencyLog(ctx: AppContext): Promise<Log> {
  let log = logs.get(ctx);
  if (!log) {
    log = (async () => {
      const signer = await loadLogSigner(ctx.config);
      const witnesses = await Promise.all(ctx.config.transparencyLog.witnessKeys.map(parseVerifierKey));
      const wrong = witnesses.find((w) => w.type !== SIG_COSIGNATURE_V1);
      if (wrong) throw new Error(`WITNESS_KEYS: ${wrong.name} is not a cosignature/v1 (0x04) key`);
      return { origin: ctx.config.transparencyLog.origin, signer, witnesses };
    })();
    logs.set(ctx, log);
  }
  return log;
}

/** Stored complete subtrees, read in one query. */
export function nodeSource(db: Db | Tx): NodeSource {
  return async (keys) => {
    const { rows } = await db.query<{ level: number; idx: string; hash: Uint8Array }>(
      `select n.level, n.idx::text as idx, n.hash
         from unnest($1::smallint[], $2::bigint[]) as k(level, idx)
         join private.log_nodes n on n.level = k.level and n.idx = k.idx`,
      [keys.map((k) => k.level), keys.map((k) => k.index)],
    );
    const byKey = new Map(rows.map((r) => [`${r.level}/${r.idx}`, new Uint8Array(r.hash)]));
    return keys.map((k) => {
      const hash = byKey.get(`${k.level}/${k.index}`);
      if (!hash) throw new LogIntegrityError(`the log has no node ${k.level}/${k.index}`);
      return hash;
    });
  };
}

/** Leaves in the log (= entries in the ledger). */
export async function logSize(db: Db | Tx): Promise<number> {
  const { rows } = await db.query<{ n: string | null }>(
    'select (max(idx) + 1)::text as n from private.log_nodes where level = 0',
  );
  return Number(rows[0]?.n ?? 0);
}

const HEAD_COLUMNS = `h.size::text as size, h.root, h.body, h.signature, private.ledger_time(h.signed_at) as signed_at,
  encode(h.timestamp_token, 'base64') as timestamp_token, private.ledger_time(h.timestamped_at) as timestamped_at,
  coalesce((select array_agg(c.line order by c.witness_name) from private.log_cosignatures c where c.size = h.size),
    '{}') as cosignatures`;

interface HeadRow {
  size: string;
  root: Uint8Array;
  body: string;
  signature: string;
  signed_at: string;
  timestamp_token: string | null;
  timestamped_at: string | null;
  cosignatures: string[];
}

const toHead = (r: HeadRow): LogHead => ({
  size: Number(r.size),
  root: new Uint8Array(r.root),
  body: r.body,
  signature: r.signature,
  signedAt: r.signed_at,
  // encode(…, 'base64') wraps lines every 76 characters.
  timestampToken: r.timestamp_token ? r.timestamp_token.replace(/\s+/g, '') : null,
  timestampedAt: r.timestamped_at,
  cosignatures: r.cosignatures,
});

async function readHead(db: Db | Tx, where: string, params: unknown[]): Promise<LogHead | null> {
  const { rows } = await db.query<HeadRow>(`select ${HEAD_COLUMNS} from private.log_heads h ${where} limit 1`, params);
  return rows[0] ? toHead(rows[0]) : null;
}

export const latestHead = (db: Db | Tx) => readHead(db, 'order by h.size desc', []);
export const headOfSize = (db: Db | Tx, size: number) => readHead(db, 'where h.size = $1', [size]);

/**
 * The head a certificate of entry `seq` should carry: the newest head covering it that has its
 * quorum of cosignatures, or else the newest covering head.
 */
export async function headCovering(ctx: AppContext, seq: number): Promise<LogHead | null> {
  const quorum = ctx.config.transparencyLog.witnessQuorum;
  return (
    (quorum > 0
      ? await readHead(
          ctx.db,
          `where h.size >= $1 and (select count(*) from private.log_cosignatures c where c.size = h.size) >= $2
           order by h.size desc`,
          [seq, quorum],
        )
      : null) ?? (await readHead(ctx.db, 'where h.size >= $1 order by h.size desc', [seq]))
  );
}

/** The signed note as served: checkpoint text, blank line, the log's signature, then cosignatures. */
export const signedNote = (head: LogHead): string =>
  `${head.body}\n${[head.signature, ...head.cosignatures].map((l) => `${l}\n`).join('')}`;

type AlertLogger = (fields: { alert: string }, message: string) => void;
let alertLogger: AlertLogger = (fields, message) =>
  console.error(JSON.stringify({ level: 'error', ...fields, msg: message }));

/** Where alert lines go (the app's logger, set by the log's routes). */
export function setAlertLogger(logger: AlertLogger): void {
  alertLogger = logger;
}

async function alert(message: string): Promise<never> {
  logAlerts.consistencyFailures++;
  // One line an operator's alerting can match; the metric counts them.
  alertLogger({ alert: 'transparency_log_consistency' }, message);
  throw new LogIntegrityError(message);
}

async function checkNewEntries(tx: Tx, from: number, to: number): Promise<void> {
  const { rows } = await tx.query<Omit<LogEntry, 'seq'> & { seq: string; leaf: Uint8Array | null }>(
    `select l.seq::text as seq, l.event, l.record_hash, l.prev_hash, l.entry_hash,
            private.ledger_time(l.created_at) as created_at, n.hash as leaf
       from public.asset_ledger l
       left join private.log_nodes n on n.level = 0 and n.idx = l.seq - 1
      where l.seq > $1 and l.seq <= $2 order by l.seq`,
    [from, to],
  );
  if (rows.length !== to - from) await alert(`the ledger has ${rows.length} entries in (${from}, ${to}]`);
  for (const r of rows) {
    const leaf = await entryLeafHash({ ...r, seq: Number(r.seq) });
    if (!r.leaf || !equal(leaf, new Uint8Array(r.leaf)))
      await alert(`leaf ${Number(r.seq) - 1} does not match entry ${r.seq}`);
  }
  const { rows: chain } = await tx.query<{ v: { ok: boolean; reason?: string; first_bad_seq?: number } }>(
    'select public.verify_asset_ledger($1, $2) as v',
    [from + 1, to],
  );
  if (!chain[0]!.v.ok) await alert(`the hash chain breaks at ${chain[0]!.v.first_bad_seq}: ${chain[0]!.v.reason}`);
}

/**
 * Signs a head of the current tree when it has grown past the newest head (or `minSize` asks for
 * one covering an entry). Several servers may run it at once: an advisory lock lets one sign.
 * Returns the newest head.
 */
export async function signHead(ctx: AppContext, opts: { timestamp?: boolean } = {}): Promise<LogHead | null> {
  const log = await transparencyLog(ctx);
  const made = await ctx.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7249114002)');
    const size = await logSize(tx);
    const previous = await latestHead(tx);
    if (size === 0 || (previous && previous.size >= size)) return null;
    await checkNewEntries(tx, previous?.size ?? 0, size);
    const source = nodeSource(tx);
    const root = await treeRoot(size, source);
    if (previous) {
      const proof = await consistencyProof(previous.size, size, source);
      if (!(await verifyConsistency(previous.size, size, proof, previous.root, root))) {
        await alert(`the stored tree of ${size} entries does not extend the signed head of ${previous.size}`);
      }
    }
    const body = formatCheckpoint(log.origin, size, root);
    const signature = signNote(body, log.signer);
    await tx.query(
      `insert into private.log_heads (size, root, body, signature, key_name) values ($1, $2, $3, $4, $5)`,
      [size, Buffer.from(root), body, signature, log.signer.name],
    );
    return size;
  });
  // An authority that is down never stops a head: the job stamps it at its next run.
  if (made && opts.timestamp !== false) {
    await timestampHead(ctx, made).catch((err: unknown) =>
      alertLogger(
        { alert: 'transparency_log_timestamp' },
        `the time-stamping authority failed: ${(err as Error).message}`,
      ),
    );
  }
  return latestHead(ctx.db);
}

/** Asks the TSA for a token on the head (if one is configured and the head has none yet). */
export async function timestampHead(ctx: AppContext, size: number): Promise<void> {
  const url = ctx.config.transparencyLog.tsaUrl;
  if (!url) return;
  const head = await headOfSize(ctx.db, size);
  if (!head || head.timestampToken) return;
  const token = await requestTimestamp(url, utf8(head.body));
  await ctx.db.query(
    `update private.log_heads set timestamp_token = decode($2, 'base64'), timestamped_at = now()
      where size = $1 and timestamp_token is null`,
    [size, token],
  );
}

/**
 * The head with its timestamp, asking the authority now if it has none yet. A verifier that trusts
 * an authority needs the head stamped: the job stamps every head within a minute, and whoever asks
 * for a proof in that minute (the live bundle, /verify, a certificate) waits for the stamp instead,
 * even when the job signed the head and is still waiting for its own stamp. An authority that is
 * down leaves the head unstamped (the check then says so; the job tries again).
 */
export async function withTimestamp(ctx: AppContext, head: LogHead): Promise<LogHead> {
  if (!ctx.config.transparencyLog.tsaUrl || head.timestampToken) return head;
  await timestampHead(ctx, head.size).catch((err: unknown) =>
    alertLogger(
      { alert: 'transparency_log_timestamp' },
      `the time-stamping authority failed: ${(err as Error).message}`,
    ),
  );
  return (await headOfSize(ctx.db, head.size)) ?? head;
}

/** A head covering entry `seq`, signing one now if none does yet (a certificate cannot wait a minute). */
export async function ensureHeadCovering(
  ctx: AppContext,
  seq: number,
  opts: { timestamp?: boolean } = {},
): Promise<LogHead | null> {
  const covering = await headCovering(ctx, seq);
  if (covering) return covering;
  await signHead(ctx, opts);
  return headCovering(ctx, seq);
}

export async function inclusionFor(db: Db | Tx, seq: number, size: number): Promise<string[]> {
  return (await inclusionProof(seq - 1, size, nodeSource(db))).map(toBase64);
}

export async function consistencyFor(db: Db | Tx, oldSize: number, size: number): Promise<string[]> {
  return (await consistencyProof(oldSize, size, nodeSource(db))).map(toBase64);
}

/** The entry with seq, as hashed. */
export async function logEntry(db: Db | Tx, seq: number): Promise<LogEntry | null> {
  const { rows } = await db.query<Omit<LogEntry, 'seq'> & { seq: string }>(
    `select seq::text as seq, event, record_hash, prev_hash, entry_hash, private.ledger_time(created_at) as created_at
       from public.asset_ledger where seq = $1`,
    [seq],
  );
  return rows[0] ? { ...rows[0], seq: Number(rows[0].seq) } : null;
}

/** Everything needed to check entry `seq` offline, against `head`. */
export async function proofBundle(
  ctx: AppContext,
  entry: LogEntry,
  head: LogHead,
  extra: Partial<Pick<ProofBundle, 'asset_id' | 'serial_number' | 'live'>> & {
    knownSize?: number;
    /** The timestamp without the authority's certificates (verifiers hold them): fits a QR code. */
    compact?: boolean;
  } = {},
): Promise<ProofBundle> {
  const { knownSize, compact, ...rest } = extra;
  const bundle: ProofBundle = {
    format: 'tagledger-proof/v1',
    ...rest,
    entry,
    proof: await inclusionFor(ctx.db, entry.seq, head.size),
    checkpoint: signedNote(head),
    ...(head.timestampToken
      ? { timestamp: compact ? compactTimestamp(head.timestampToken) : head.timestampToken }
      : {}),
  };
  if (knownSize !== undefined && knownSize > 0 && knownSize < head.size) {
    bundle.consistency = { from: knownSize, proof: await consistencyFor(ctx.db, knownSize, head.size) };
  }
  return bundle;
}

/**
 * A witness's cosignature(s): the note is the checkpoint text and cosignature lines. Each line must
 * be from a WITNESS_KEYS key and verify over a head this log signed. A valid cosignature on a tree
 * this log never signed is evidence of a fork shown to that witness: refused, and an alert.
 */
export async function addCosignatures(ctx: AppContext, note: string): Promise<{ size: number; accepted: string[] }> {
  const log = await transparencyLog(ctx);
  let parsed;
  let cp;
  try {
    parsed = parseNote(note);
    cp = parseCheckpoint(parsed.text);
  } catch (err) {
    throw new CosignatureError(400, 'malformed', (err as Error).message);
  }
  if (cp.origin !== log.origin)
    throw new CosignatureError(404, 'unknown_log', `this server keeps the log ${log.origin}`);
  const head = await headOfSize(ctx.db, cp.size);
  const accepted: { name: string; line: string; time: number }[] = [];
  for (const key of log.witnesses) {
    const result = await verifyCosignature(parsed, key);
    if (result.status === 'invalid') {
      throw new CosignatureError(403, 'bad_cosignature', `the cosignature of ${key.name} does not verify`);
    }
    if (result.status === 'valid') {
      const line = parsed.signatures.find((s) => s.name === key.name && equal(s.id, key.id))!.line;
      accepted.push({ name: key.name, line, time: result.time });
    }
  }
  if (!accepted.length) throw new CosignatureError(403, 'unknown_witness', 'no cosignature from a trusted witness');
  if (!head || head.body !== cp.text) {
    logAlerts.forkedCosignatures++;
    alertLogger(
      { alert: 'transparency_log_fork' },
      `witness ${accepted.map((a) => a.name).join(', ')} cosigned a tree of ${cp.size} entries this log did not sign`,
    );
    throw new CosignatureError(409, 'fork', `this log signed no tree of ${cp.size} entries with that root`);
  }
  for (const a of accepted) {
    await ctx.db.query(
      `insert into private.log_cosignatures (size, witness_name, line, cosigned_at)
       values ($1, $2, $3, to_timestamp($4))
       on conflict (size, witness_name) do update set line = excluded.line, cosigned_at = excluded.cosigned_at,
         received_at = now()`,
      [cp.size, a.name, a.line, a.time],
    );
  }
  return { size: cp.size, accepted: accepted.map((a) => a.name) };
}

/** The public keys verifiers need (GET /log/v1/keys). */
export async function trustedKeys(ctx: AppContext): Promise<TrustedKeys> {
  const log = await transparencyLog(ctx);
  const { tsaCertFile, tsaUrl } = ctx.config.transparencyLog;
  // The root the operator names, and the authority's own certificate as its tokens carry it: QR
  // codes carry tokens without certificates, so verifiers need the latter to find the signer.
  const tsa = [
    ...(tsaCertFile ? [fs.readFileSync(tsaCertFile, 'utf8')] : []),
    ...(tsaUrl ? await tsaCertificatesFromTokens(ctx) : []),
  ];
  return asTrustedKeys({
    format: KEYS_FORMAT,
    origin: log.origin,
    log: [log.signer.verifierKey],
    witnesses: log.witnesses.map((w) => w.text),
    quorum: ctx.config.transparencyLog.witnessQuorum,
    tsa,
  });
}

/** The authority's certificate(s) as its newest token carries them. */
async function tsaCertificatesFromTokens(ctx: AppContext): Promise<string[]> {
  const { rows } = await ctx.db.query<{ t: string }>(
    `select encode(timestamp_token, 'base64') as t from private.log_heads
      where timestamp_token is not null order by size desc limit 1`,
  );
  if (!rows[0]) return [];
  const { certificatesOfToken } = await import('@tagledger/verify/node');
  return certificatesOfToken(rows[0].t.replace(/\s+/g, ''));
}

export async function registerLogJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.define(SIGN_HEAD_JOB, async () => {
    const head = await signHead(ctx);
    // A head whose timestamp failed earlier (authority down) gets one now.
    if (head && !head.timestampToken) await timestampHead(ctx, head.size);
  });
  await ctx.jobs.every(SIGN_HEAD_JOB, '* * * * *');
}

/** What a certificate prints of the log: the bundle, its compact QR form, and the head in words. */
export async function certificateLog(
  ctx: AppContext,
  seq: number,
  asset: { id: string; serial_number: string | null },
): Promise<CertificateLog | null> {
  const covering = await ensureHeadCovering(ctx, seq);
  const entry = await logEntry(ctx.db, seq);
  if (!covering || !entry) return null;
  const head = await withTimestamp(ctx, covering);
  const log = await transparencyLog(ctx);
  const bundle = await proofBundle(ctx, entry, head, { asset_id: asset.id, serial_number: asset.serial_number });
  const note = parseNote(bundle.checkpoint);
  const cosigners: CertificateLog['cosigners'] = [];
  for (const key of log.witnesses) {
    const c = await verifyCosignature(note, key);
    if (c.status === 'valid') cosigners.push({ name: key.name, time: new Date(c.time * 1000).toISOString() });
  }
  let timestamp: CertificateLog['timestamp'] = null;
  if (bundle.timestamp) {
    const check = await verifyTimestamp(bundle.timestamp, utf8(head.body), (await trustedKeys(ctx)).tsa);
    if (check.ok) timestamp = { time: check.time.toISOString(), authority: check.authority };
  }
  const qrBundle = bundle.timestamp ? { ...bundle, timestamp: compactTimestamp(bundle.timestamp) } : bundle;
  return {
    bundle,
    qrText: bundleToQrText(qrBundle),
    origin: log.origin,
    size: head.size,
    root: toBase64(head.root),
    logKey: log.signer.verifierKey,
    signedAt: head.signedAt,
    cosigners,
    timestamp,
    keysUrl: `${ctx.config.publicUrl}/log/v1/keys`,
  };
}

/**
 * The /verify answer's proofs: each match's latest entry against the newest signed head (signed now
 * if none covers the newest entry yet), with a consistency proof from the size the browser knows.
 */
export async function liveProofs(
  ctx: AppContext,
  matches: Pick<VerifyMatch, 'asset_id' | 'proof'>[],
  knownSize?: number,
): Promise<Record<string, ProofBundle>> {
  const wanted = matches.map((m) => ({ id: m.asset_id, seq: m.proof?.seq ?? 0 })).filter((m) => m.seq > 0);
  if (!wanted.length) return {};
  const newest = Math.max(...wanted.map((m) => m.seq));
  let head = await latestHead(ctx.db);
  if (!head || head.size < newest) {
    head = (await ensureHeadCovering(ctx, newest, { timestamp: false })) && (await latestHead(ctx.db));
  }
  if (!head) return {};
  head = await withTimestamp(ctx, head);
  const proofs: Record<string, ProofBundle> = {};
  for (const m of wanted) {
    const entry = m.seq <= head.size ? await logEntry(ctx.db, m.seq) : null;
    if (entry) {
      proofs[m.id] = await proofBundle(ctx, entry, head, {
        asset_id: m.id,
        live: true,
        compact: true,
        knownSize: knownSize !== undefined && knownSize <= head.size ? knownSize : undefined,
      });
    }
  }
  return proofs;
}
