// Ed25519 note signers for Node (the server's log key, a witness's key), in the text form Go's
// golang.org/x/mod/sumdb/note uses for signer keys: PRIVATE+KEY+<name>+<hex key ID>+<base64(type || seed)>.
// Verification never needs this module (note.ts does it with WebCrypto).
import crypto from 'node:crypto';
import { concat, fromBase64, fromHex, toBase64, toHex, utf8, equal } from '../bytes.js';
import {
  cosignatureMessage,
  formatSignatureLine,
  formatVerifierKey,
  keyId,
  SIG_COSIGNATURE_V1,
  SIG_ED25519,
  type VerifierKey,
} from '../note.js';

const PKCS8_ED25519_PREFIX = fromHex('302e020100300506032b657004220420');

export interface NoteSigner {
  name: string;
  id: Uint8Array;
  type: VerifierKey['type'];
  publicKey: Uint8Array;
  /** The public key as a vkey, for whoever verifies. */
  verifierKey: string;
  sign(message: Uint8Array): Uint8Array;
}

export class SignerKeyError extends Error {}

function privateKeyFromSeed(seed: Uint8Array): crypto.KeyObject {
  return crypto.createPrivateKey({
    key: Buffer.from(concat(PKCS8_ED25519_PREFIX, seed)),
    format: 'der',
    type: 'pkcs8',
  });
}

function publicKeyOf(key: crypto.KeyObject): Uint8Array {
  const spki = crypto.createPublicKey(key).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

/** A new signer key in text form. type 0x01 signs notes (a log), 0x04 cosigns checkpoints (a witness). */
export async function generateSignerKey(name: string, type: VerifierKey['type']): Promise<string> {
  if (!/^[^\s+]+$/u.test(name)) throw new SignerKeyError('a key name cannot hold spaces or +');
  const seed = new Uint8Array(crypto.randomBytes(32));
  const publicKey = publicKeyOf(privateKeyFromSeed(seed));
  const id = await keyId(name, type, publicKey);
  return `PRIVATE+KEY+${name}+${toHex(id)}+${toBase64(concat(new Uint8Array([type]), seed))}`;
}

export async function parseSignerKey(text: string): Promise<NoteSigner> {
  // The base64 key may hold '+' itself: the fields before it end at the first four.
  const m = /^PRIVATE\+KEY\+([^+]+)\+([^+]*)\+(.+)$/s.exec(text.trim());
  if (!m) throw new SignerKeyError('not a signer key (PRIVATE+KEY+name+id+key)');
  const [, name, hex, b64] = m as unknown as [string, string, string, string];
  let raw: Uint8Array;
  try {
    raw = fromBase64(b64);
  } catch {
    throw new SignerKeyError('the signer key is not base64');
  }
  const type = raw[0];
  if ((type !== SIG_ED25519 && type !== SIG_COSIGNATURE_V1) || raw.length !== 33) {
    throw new SignerKeyError('the signer key is not an Ed25519 (0x01) or cosignature/v1 (0x04) key');
  }
  const key = privateKeyFromSeed(raw.slice(1));
  const publicKey = publicKeyOf(key);
  const id = await keyId(name, type, publicKey);
  if (!/^[0-9a-f]{8}$/.test(hex) || !equal(fromHex(hex), id))
    throw new SignerKeyError('the signer key ID does not match');
  return {
    name,
    id,
    type,
    publicKey,
    verifierKey: await formatVerifierKey(name, type, publicKey),
    sign: (message) => new Uint8Array(crypto.sign(null, message, key)),
  };
}

/** The signature line of a log (type 0x01) over a note's text. */
export function signNote(text: string, signer: NoteSigner): string {
  if (signer.type !== SIG_ED25519) throw new SignerKeyError('a cosignature key cannot sign notes');
  return formatSignatureLine(signer.name, signer.id, signer.sign(utf8(text)));
}

/** A witness's cosignature/v1 line over a checkpoint's text, at `time` (POSIX seconds). */
export function cosign(checkpointText: string, signer: NoteSigner, time: number): string {
  if (signer.type !== SIG_COSIGNATURE_V1) throw new SignerKeyError('only a cosignature/v1 key cosigns');
  const stamp = new Uint8Array(8);
  new DataView(stamp.buffer).setBigUint64(0, BigInt(time));
  const sig = signer.sign(cosignatureMessage(checkpointText, time));
  return formatSignatureLine(signer.name, signer.id, concat(stamp, sig));
}
