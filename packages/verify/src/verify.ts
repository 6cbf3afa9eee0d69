// Checks a proof bundle against trusted keys, in this order: the entry (its fields recompute its
// hash), inclusion (the RFC 9162 proof leads from the entry's leaf to the checkpoint's root), the
// checkpoint's signature (a trusted log key), the witnesses' cosignatures (a quorum of trusted
// witnesses), the RFC 3161 timestamp (a trusted authority stamped this checkpoint), and history (the
// checkpoint agrees with heads seen before: no fork, no rollback, consistent growth). The first
// failure stops the check and is named by a code (messages.ts says it in words).
import { fromBase64, toBase64, utf8 } from './bytes.js';
import { asBundle, type ProofBundle, type TrustedKeys } from './bundle.js';
import { entryHashHex, entryLeafHash, type LogEntry } from './entry.js';
import { verifyConsistency, verifyInclusion } from './merkle.js';
import {
  NoteError,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  SIG_COSIGNATURE_V1,
  SIG_ED25519,
  verifyCosignature,
  verifyNoteSignature,
  type Checkpoint,
} from './note.js';
import { verifyTimestamp, type TimestampFailure } from './timestamp.js';

export type FailureCode =
  | 'malformed'
  | 'bad_keys'
  | 'entry_hash_mismatch'
  | 'not_included'
  | 'origin_mismatch'
  | 'unknown_log_key'
  | 'bad_log_signature'
  | 'bad_cosignature'
  | 'witness_quorum'
  | 'timestamp_missing'
  | TimestampFailure
  | 'fork'
  | 'rollback'
  | 'inconsistent';

export type Step = 'entry' | 'inclusion' | 'signature' | 'cosignatures' | 'timestamp' | 'history';

/** A signed checkpoint seen and checked before (the witness's and verifiers' memory). */
export interface KnownHead {
  origin: string;
  size: number;
  /** base64 root hash */
  root: string;
  /** The signed note. */
  checkpoint: string;
}

export interface VerifyReport {
  ok: boolean;
  failure?: { code: FailureCode; detail: Record<string, string | number> };
  passed: Step[];
  entry?: LogEntry;
  checkpoint?: { origin: string; size: number; root: string };
  /** Hashes in the inclusion proof. */
  proofLength?: number;
  /** The log key that signed, as name+id. */
  logKey?: string;
  cosigners: { name: string; time: number }[];
  quorum: number;
  timestamp?: { time: string; authority: string };
  /** How the checkpoint relates to the newest known head of its log. */
  history?: 'first' | 'same' | 'extends' | 'older' | 'unproven';
  /** The head to remember after this check (the newest consistent one). */
  newestKnown?: KnownHead;
}

export interface VerifyOptions {
  keys: TrustedKeys;
  /** Heads seen before (a state file, the browser's storage). */
  known?: KnownHead[];
}

class Failure extends Error {
  constructor(
    readonly code: FailureCode,
    readonly detail: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

const keyLabel = (k: { name: string; id: Uint8Array }) =>
  `${k.name}+${Array.from(k.id, (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** Checks one bundle; never throws for a bad bundle or key file (the report names the failure). */
export async function verifyBundle(input: unknown, options: VerifyOptions): Promise<VerifyReport> {
  const report: VerifyReport = { ok: false, passed: [], cosigners: [], quorum: options.keys.quorum };
  try {
    await run(input, options, report);
    report.ok = true;
  } catch (err) {
    if (err instanceof Failure) report.failure = { code: err.code, detail: err.detail };
    else report.failure = { code: 'malformed', detail: { reason: (err as Error).message } };
  }
  return report;
}

async function run(input: unknown, { keys, known = [] }: VerifyOptions, report: VerifyReport) {
  let bundle: ProofBundle;
  try {
    bundle = asBundle(input);
  } catch (err) {
    throw new Failure('malformed', { reason: (err as Error).message });
  }
  const logKeys = await Promise.all(keys.log.map(parseVerifierKey)).catch((err: Error) => {
    throw new Failure('bad_keys', { reason: err.message });
  });
  const witnessKeys = await Promise.all(keys.witnesses.map(parseVerifierKey)).catch((err: Error) => {
    throw new Failure('bad_keys', { reason: err.message });
  });
  if (logKeys.some((k) => k.type !== SIG_ED25519) || witnessKeys.some((k) => k.type !== SIG_COSIGNATURE_V1)) {
    throw new Failure('bad_keys', { reason: 'log keys must be type 0x01 and witness keys type 0x04' });
  }

  // 1. The entry: its fields recompute the entry hash the chain records.
  const entry = bundle.entry;
  report.entry = entry;
  const recomputed = await entryHashHex(entry);
  if (recomputed !== entry.entry_hash) {
    throw new Failure('entry_hash_mismatch', { seq: entry.seq, expected: entry.entry_hash, actual: recomputed });
  }
  report.passed.push('entry');

  // 2. Inclusion: the proof leads from the entry's leaf to the checkpoint's root.
  let note;
  let cp: Checkpoint;
  try {
    note = parseNote(bundle.checkpoint);
    cp = parseCheckpoint(note.text);
  } catch (err) {
    throw new Failure('malformed', { reason: err instanceof NoteError ? err.message : 'unreadable checkpoint' });
  }
  report.checkpoint = { origin: cp.origin, size: cp.size, root: toBase64(cp.root) };
  report.proofLength = bundle.proof.length;
  const index = entry.seq - 1;
  const path = bundle.proof.map(fromBase64);
  if (!(await verifyInclusion(await entryLeafHash(entry), index, cp.size, path, cp.root))) {
    throw new Failure('not_included', { seq: entry.seq, size: cp.size });
  }
  report.passed.push('inclusion');

  // 3. The checkpoint is signed by a trusted log key, for the expected log.
  if (cp.origin !== keys.origin) throw new Failure('origin_mismatch', { origin: cp.origin, expected: keys.origin });
  let signedBy: string | undefined;
  for (const key of logKeys) {
    const status = await verifyNoteSignature(note, key);
    if (status === 'invalid') throw new Failure('bad_log_signature', { key: keyLabel(key) });
    if (status === 'valid') signedBy = keyLabel(key);
  }
  if (!signedBy) {
    throw new Failure('unknown_log_key', {
      signers: note.signatures.map((s) => keyLabel(s)).join(', '),
    });
  }
  report.logKey = signedBy;
  report.passed.push('signature');

  // 4. Cosignatures: a quorum of trusted witnesses cosigned this exact checkpoint.
  for (const key of witnessKeys) {
    const result = await verifyCosignature(note, key);
    if (result.status === 'invalid') throw new Failure('bad_cosignature', { witness: key.name, size: cp.size });
    if (result.status === 'valid') report.cosigners.push({ name: key.name, time: result.time });
  }
  if (report.cosigners.length < keys.quorum) {
    throw new Failure('witness_quorum', { found: report.cosigners.length, quorum: keys.quorum });
  }
  report.passed.push('cosignatures');

  // 5. Trusted time: an authority stamped this checkpoint's text.
  if (keys.tsa.length) {
    if (!bundle.timestamp) throw new Failure('timestamp_missing', { size: cp.size });
    const stamp = await verifyTimestamp(bundle.timestamp, utf8(cp.text), keys.tsa);
    if (!stamp.ok) throw new Failure(stamp.code, { reason: stamp.detail });
    report.timestamp = { time: stamp.time.toISOString(), authority: stamp.authority };
    report.passed.push('timestamp');
  }

  // 6. History: the checkpoint agrees with what was seen before.
  const head: KnownHead = { origin: cp.origin, size: cp.size, root: toBase64(cp.root), checkpoint: bundle.checkpoint };
  const previous = known.filter((k) => k.origin === cp.origin).sort((a, b) => b.size - a.size);
  const sameSize = previous.find((k) => k.size === cp.size);
  if (sameSize && sameSize.root !== head.root) {
    throw new Failure('fork', { size: cp.size, seen: sameSize.root, now: head.root });
  }
  const newest = previous[0];
  if (!newest) {
    report.history = 'first';
    report.newestKnown = head;
  } else if (newest.size === cp.size) {
    report.history = 'same';
    report.newestKnown = newest;
  } else if (newest.size > cp.size) {
    // A live answer claims to be the log's newest: an older one is a rollback. A certificate's
    // checkpoint is simply older than what was seen since.
    if (bundle.live) throw new Failure('rollback', { size: cp.size, seen: newest.size });
    report.history = 'older';
    report.newestKnown = newest;
  } else {
    const c = bundle.consistency;
    if (!c || c.from !== newest.size) {
      // A live answer is asked for a proof from the newest head the asker knows; a certificate made
      // earlier cannot carry one, so its growth since stays unproven (and the memory unchanged).
      if (bundle.live) throw new Failure('inconsistent', { from: newest.size, size: cp.size, reason: 'no proof' });
      report.history = 'unproven';
      report.newestKnown = newest;
      report.passed.push('history');
      return;
    }
    const ok = await verifyConsistency(newest.size, cp.size, c.proof.map(fromBase64), fromBase64(newest.root), cp.root);
    if (!ok) throw new Failure('inconsistent', { from: newest.size, size: cp.size, reason: 'proof' });
    report.history = 'extends';
    report.newestKnown = head;
  }
  report.passed.push('history');
}
