// A witness (c2sp.org/tlog-witness, cosignatures per c2sp.org/tlog-cosignature): it remembers the
// latest checkpoint it cosigned for each log, and cosigns a new one only if it is signed by the
// log's key and provably extends the remembered one (RFC 9162 consistency proof). It refuses a
// rollback (smaller tree), a fork (same size, other root), a failed consistency proof and an
// unknown key, each by name.
//
// addCheckpoint() is the protocol's add-checkpoint call (request body: `old <size>`, proof lines, a
// blank line, the checkpoint). runWitnessOnce() is the pull side `npm run witness` uses: read the
// log's checkpoint and consistency proof over HTTP, add it, and hand the cosignature to the log.
import fs from 'node:fs';
import path from 'node:path';
import { fromBase64, toBase64 } from '../bytes.js';
import { verifyConsistency } from '../merkle.js';
import {
  NoteError,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  SIG_ED25519,
  verifyNoteSignature,
  type Checkpoint,
} from '../note.js';
import { cosign, type NoteSigner } from './signer.js';

export type RefusalCode =
  'bad_request' | 'unknown_log' | 'unknown_log_key' | 'rollback' | 'fork' | 'conflict' | 'inconsistent';

const STATUS: Record<RefusalCode, number> = {
  bad_request: 400,
  unknown_log: 404,
  unknown_log_key: 403,
  rollback: 400,
  fork: 409,
  conflict: 409,
  inconsistent: 422,
};

export class WitnessRefusal extends Error {
  readonly status: number;
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** For a conflict: the size the witness has (text/x.tlog.size). */
    readonly knownSize?: number,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export interface WitnessedLog {
  size: number;
  root: string;
  checkpoint: string;
  cosignedAt: number;
}

export interface WitnessState {
  logs: Record<string, WitnessedLog>;
  /** The log keys the operator gave (origin → vkeys), kept so later runs need not repeat them. */
  keys?: Record<string, string[]>;
}

export interface WitnessConfig {
  signer: NoteSigner;
  /** The logs it witnesses: origin → vkeys of the log. */
  logs: Record<string, string[]>;
}

/** Checks and cosigns one add-checkpoint request; returns the new state and the cosignature line. */
export async function addCheckpoint(
  state: WitnessState,
  config: WitnessConfig,
  body: string,
  now: number = Math.floor(Date.now() / 1000),
): Promise<{ state: WitnessState; cosignature: string; checkpoint: Checkpoint }> {
  const blank = body.indexOf('\n\n');
  if (blank < 0) throw new WitnessRefusal('bad_request', 'the request has no blank line before the checkpoint');
  const [oldLine, ...proofLines] = body.slice(0, blank).split('\n');
  const oldMatch = /^old (0|[1-9][0-9]*)$/.exec(oldLine ?? '');
  if (!oldMatch || proofLines.length > 63) throw new WitnessRefusal('bad_request', 'the old size line is malformed');
  const oldSize = Number(oldMatch[1]);
  let proof: Uint8Array[];
  let note;
  let cp: Checkpoint;
  try {
    proof = proofLines.map(fromBase64);
    note = parseNote(body.slice(blank + 2));
    cp = parseCheckpoint(note.text);
  } catch (err) {
    throw new WitnessRefusal('bad_request', err instanceof NoteError ? err.message : 'the request is malformed');
  }
  const logKeys = config.logs[cp.origin];
  if (!logKeys) throw new WitnessRefusal('unknown_log', `this witness does not follow the log ${cp.origin}`);
  let signed = false;
  for (const text of logKeys) {
    const key = await parseVerifierKey(text);
    if (key.type === SIG_ED25519 && (await verifyNoteSignature(note, key)) === 'valid') signed = true;
  }
  if (!signed) {
    throw new WitnessRefusal('unknown_log_key', `the checkpoint of ${cp.origin} is not signed by the log's key`);
  }
  const known = state.logs[cp.origin];
  const knownSize = known?.size ?? 0;
  if (known && cp.size < known.size) {
    throw new WitnessRefusal(
      'rollback',
      `rollback: the log shows ${cp.size} entries, but this witness cosigned ${known.size}`,
      known.size,
    );
  }
  if (oldSize > cp.size) throw new WitnessRefusal('bad_request', 'the old size is larger than the checkpoint');
  if (oldSize !== knownSize) {
    throw new WitnessRefusal('conflict', `this witness last cosigned ${knownSize} entries, not ${oldSize}`, knownSize);
  }
  const root = toBase64(cp.root);
  if (known && cp.size === known.size) {
    if (root !== known.root) {
      throw new WitnessRefusal(
        'fork',
        `fork: the log shows a tree of ${cp.size} entries with root ${root}, but this witness cosigned root ${known.root}`,
        known.size,
      );
    }
  } else if (known && !(await verifyConsistency(known.size, cp.size, proof, fromBase64(known.root), cp.root))) {
    throw new WitnessRefusal(
      'inconsistent',
      `the tree of ${cp.size} entries does not extend the tree of ${known.size} this witness cosigned: entries were rewritten or dropped`,
    );
  } else if (!known && proof.length) {
    throw new WitnessRefusal('bad_request', 'a proof from size 0 must be empty');
  }
  const next: WitnessState = {
    ...state,
    logs: { ...state.logs, [cp.origin]: { size: cp.size, root, checkpoint: body.slice(blank + 2), cosignedAt: now } },
  };
  return { state: next, cosignature: cosign(cp.text, config.signer, now), checkpoint: cp };
}

export function readWitnessState(file: string): WitnessState {
  if (!fs.existsSync(file)) return { logs: {} };
  const value = JSON.parse(fs.readFileSync(file, 'utf8')) as WitnessState;
  if (!value || typeof value.logs !== 'object') throw new Error(`${file} is not a witness state file`);
  return value;
}

/** Written beside and renamed, so a crash never leaves half a state (which would forget a head). */
export function writeWitnessState(file: string, state: WitnessState): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export interface WitnessRun {
  origin: string;
  size: number;
  /** What happened: cosigned (and handed to the log), or unchanged (nothing new to cosign). */
  outcome: 'cosigned' | 'unchanged';
  /** Whether the log accepted the cosignature. */
  delivered?: boolean;
}

/**
 * One round against a log: GET <log>/checkpoint, GET <log>/proof/consistency from the remembered
 * size, add-checkpoint, persist, POST the cosignature to <log>/cosignature. Throws WitnessRefusal.
 */
export async function runWitnessOnce(opts: {
  logUrl: string;
  config: WitnessConfig;
  statePath: string;
  fetch?: typeof fetch;
  now?: number;
}): Promise<WitnessRun> {
  const get = opts.fetch ?? fetch;
  const base = opts.logUrl.replace(/\/+$/, '');
  const res = await get(`${base}/checkpoint`);
  if (!res.ok) throw new Error(`the log answered ${res.status} for its checkpoint`);
  const checkpoint = await res.text();
  let cp: Checkpoint;
  try {
    cp = parseCheckpoint(parseNote(checkpoint).text);
  } catch (err) {
    throw new WitnessRefusal('bad_request', `the log's checkpoint is malformed: ${(err as Error).message}`);
  }
  const state = readWitnessState(opts.statePath);
  const known = state.logs[cp.origin];
  if (known && known.size === cp.size && known.root === toBase64(cp.root)) {
    return { origin: cp.origin, size: cp.size, outcome: 'unchanged' };
  }
  let proof: string[] = [];
  if (known && cp.size > known.size) {
    const p = await get(`${base}/proof/consistency?old=${known.size}&size=${cp.size}`);
    if (!p.ok) throw new Error(`the log answered ${p.status} for a consistency proof`);
    proof = ((await p.json()) as { proof: string[] }).proof;
  }
  const body = `old ${known && cp.size >= known.size ? known.size : 0}\n${proof.map((h) => `${h}\n`).join('')}\n${checkpoint}`;
  const added = await addCheckpoint(state, opts.config, body, opts.now);
  writeWitnessState(opts.statePath, added.state);
  const post = await get(`${base}/cosignature`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: `${cp.text}\n${added.cosignature}\n`,
  });
  return { origin: cp.origin, size: cp.size, outcome: 'cosigned', delivered: post.ok };
}
