// C2SP signed notes (signed-note), checkpoints (tlog-checkpoint) and Ed25519 witness cosignatures
// (tlog-cosignature, cosignature/v1). Verification only, with WebCrypto: the same code runs in Node,
// in the web app and in the static verifier page.
import { buffer, concat, equal, fromBase64, fromHex, toBase64, toHex, utf8 } from './bytes.js';
import { sha256, type Hash } from './merkle.js';

/** Signature types of c2sp.org/signed-note: 0x01 Ed25519 note signatures, 0x04 timestamped Ed25519 cosignatures. */
export const SIG_ED25519 = 0x01;
export const SIG_COSIGNATURE_V1 = 0x04;

export interface VerifierKey {
  name: string;
  /** The 4-byte key ID. */
  id: Uint8Array;
  type: typeof SIG_ED25519 | typeof SIG_COSIGNATURE_V1;
  publicKey: Uint8Array;
  /** The vkey as written: `<name>+<hex key ID>+<base64(type || public key)>`. */
  text: string;
}

export interface NoteSignature {
  name: string;
  id: Uint8Array;
  /** The signature bytes after the key ID. */
  signature: Uint8Array;
  line: string;
}

export interface Note {
  /** The signed text, with its final newline. */
  text: string;
  signatures: NoteSignature[];
}

export class NoteError extends Error {}

const NAME = /^[^\s+]+$/u;

export async function keyId(name: string, type: number, publicKey: Uint8Array): Promise<Uint8Array> {
  return (await sha256(concat(utf8(name), new Uint8Array([0x0a, type]), publicKey))).slice(0, 4);
}

export async function formatVerifierKey(
  name: string,
  type: VerifierKey['type'],
  publicKey: Uint8Array,
): Promise<string> {
  return `${name}+${toHex(await keyId(name, type, publicKey))}+${toBase64(concat(new Uint8Array([type]), publicKey))}`;
}

/** Parses a vkey and checks that its key ID matches its name and key. */
export async function parseVerifierKey(text: string): Promise<VerifierKey> {
  // The base64 key may hold '+' itself: the name and the ID end at the first two.
  const m = /^([^+]+)\+([^+]*)\+(.+)$/s.exec(text.trim());
  if (!m) throw new NoteError(`not a verifier key (name+id+key): ${text}`);
  const [, name, hex, b64] = m as unknown as [string, string, string, string];
  if (!NAME.test(name) || !/^[0-9a-f]{8}$/.test(hex)) throw new NoteError(`not a verifier key: ${text}`);
  let raw: Uint8Array;
  try {
    raw = fromBase64(b64);
  } catch {
    throw new NoteError(`the key of ${name} is not base64`);
  }
  const type = raw[0];
  if ((type !== SIG_ED25519 && type !== SIG_COSIGNATURE_V1) || raw.length !== 33) {
    throw new NoteError(`the key of ${name} is not an Ed25519 (0x01) or cosignature/v1 (0x04) key`);
  }
  const publicKey = raw.slice(1);
  const id = fromHex(hex);
  if (!equal(id, await keyId(name, type, publicKey)))
    throw new NoteError(`the key ID of ${name} does not match its key`);
  return { name, id, type, publicKey, text: text.trim() };
}

/** Splits a signed note into its text and signature lines (c2sp.org/signed-note, "Format"). */
export function parseNote(note: string): Note {
  // eslint-disable-next-line no-control-regex -- the format forbids control characters other than newline
  if (/[\u0000-\u0009\u000b-\u001f]/.test(note)) throw new NoteError('the note has control characters');
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) throw new NoteError('the note has no signature block');
  const text = note.slice(0, split + 1);
  const signatures: NoteSignature[] = [];
  for (const line of note.slice(split + 2, -1).split('\n')) {
    const m = /^— (\S+) (\S+)$/u.exec(line);
    if (!m) throw new NoteError(`not a signature line: ${line}`);
    let raw: Uint8Array;
    try {
      raw = fromBase64(m[2]!);
    } catch {
      throw new NoteError(`the signature of ${m[1]} is not base64`);
    }
    if (raw.length < 5) throw new NoteError(`the signature of ${m[1]} is too short`);
    signatures.push({ name: m[1]!, id: raw.slice(0, 4), signature: raw.slice(4), line });
  }
  if (!signatures.length) throw new NoteError('the note has no signatures');
  return { text, signatures };
}

export function formatSignatureLine(name: string, id: Uint8Array, signature: Uint8Array): string {
  return `— ${name} ${toBase64(concat(id, signature))}`;
}

export async function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) {
  const key = await globalThis.crypto.subtle.importKey('raw', buffer(publicKey), { name: 'Ed25519' }, false, [
    'verify',
  ]);
  return globalThis.crypto.subtle.verify({ name: 'Ed25519' }, key, buffer(signature), buffer(message));
}

/** The signature lines of a known key (same name and ID); others are ignored, as the spec says. */
export const signaturesBy = (note: Note, key: VerifierKey) =>
  note.signatures.filter((s) => s.name === key.name && equal(s.id, key.id));

/** True when the note carries a valid Ed25519 note signature by this key. */
export async function verifyNoteSignature(note: Note, key: VerifierKey): Promise<'valid' | 'invalid' | 'absent'> {
  const own = signaturesBy(note, key);
  if (!own.length) return 'absent';
  for (const s of own) {
    if (s.signature.length === 64 && (await ed25519Verify(key.publicKey, utf8(note.text), s.signature))) {
      return 'valid';
    }
  }
  return 'invalid';
}

/** The cosignature/v1 message (c2sp.org/tlog-cosignature, "Ed25519 signed message"). */
export const cosignatureMessage = (checkpointText: string, time: number): Uint8Array =>
  utf8(`cosignature/v1\ntime ${time}\n${checkpointText}`);

export interface Cosignature {
  key: VerifierKey;
  /** POSIX seconds. */
  time: number;
}

/** A witness's valid cosignature on the note, or why there is none. */
export async function verifyCosignature(
  note: Note,
  key: VerifierKey,
): Promise<{ status: 'valid'; time: number } | { status: 'invalid' | 'absent' }> {
  const own = signaturesBy(note, key);
  if (!own.length) return { status: 'absent' };
  for (const s of own) {
    if (s.signature.length !== 72) continue;
    const view = new DataView(s.signature.buffer, s.signature.byteOffset, 8);
    const time = Number(view.getBigUint64(0));
    if (await ed25519Verify(key.publicKey, cosignatureMessage(note.text, time), s.signature.slice(8))) {
      return { status: 'valid', time };
    }
  }
  return { status: 'invalid' };
}

export interface Checkpoint {
  origin: string;
  size: number;
  root: Hash;
  extensions: string[];
  text: string;
}

/** Parses a checkpoint's text (c2sp.org/tlog-checkpoint): origin, size, base64 root hash, extension lines. */
export function parseCheckpoint(text: string): Checkpoint {
  if (!text.endsWith('\n')) throw new NoteError('the checkpoint does not end in a newline');
  const lines = text.slice(0, -1).split('\n');
  const [origin, size, root, ...extensions] = lines;
  if (!origin || size === undefined || root === undefined)
    throw new NoteError('the checkpoint has fewer than three lines');
  if (!/^(0|[1-9][0-9]*)$/.test(size) || !Number.isSafeInteger(Number(size))) {
    throw new NoteError('the checkpoint size is not a decimal number');
  }
  let rootHash: Uint8Array;
  try {
    rootHash = fromBase64(root);
  } catch {
    throw new NoteError('the checkpoint root hash is not base64');
  }
  if (rootHash.length !== 32) throw new NoteError('the checkpoint root hash is not 32 bytes');
  if (extensions.some((l) => l === '')) throw new NoteError('the checkpoint has an empty line');
  return { origin, size: Number(size), root: rootHash, extensions, text };
}

export const formatCheckpoint = (origin: string, size: number, root: Hash): string =>
  `${origin}\n${size}\n${toBase64(root)}\n`;
