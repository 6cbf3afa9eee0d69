// The signing keys kept in DATA_DIR/keys, and their rotation:
//   signing-key.json     the current private key (ES256 / P-256, a JWK); tokens are signed with it
//   previous-keys.json   {"keys": [public JWK, …]}: keys that signed earlier tokens, still accepted
//                        for verification (and published in the JWKS) until they are retired
// `rotate` makes a new current key and keeps the old one's public half as previous; `retire`
// drops a previous key, which ends every token it signed. Servers read the keys at start, so
// every instance is restarted after a change (README, "Key rotation").
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as jose from 'jose';
import { StartupError } from '../startup/startup-error.js';
import { createFileOnce } from './create-file-once.js';

/** A key setting or key file the operator must fix: at start it is the one line printed. */
export class KeyStoreError extends StartupError {}

const SIGNING_KEY = 'signing-key.json';
const PREVIOUS_KEYS = 'previous-keys.json';

function keysDir(dataDir: string): string {
  return path.join(dataDir, 'keys');
}

export function generatePrivateJwk(): jose.JWK {
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'jwk' }) as jose.JWK;
}

/** Only the public members of an EC key (never `d`), in the order RFC 7638 thumbprints use. */
export function publicPart(jwk: jose.JWK): jose.JWK {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new KeyStoreError('a signing key must be an EC P-256 JWK with x and y');
  }
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
}

export function keyId(jwk: jose.JWK): Promise<string> {
  return jose.calculateJwkThumbprint(publicPart(jwk));
}

/** Parses a JWK list given as `[jwk, …]` or `{"keys": [jwk, …]}` (the JWKS shape). */
export function parseJwkList(text: string, source: string): jose.JWK[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyStoreError(`${source} is not valid JSON`);
  }
  const list = Array.isArray(value) ? value : (value as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) throw new KeyStoreError(`${source} must be a JSON array of JWKs or {"keys": [...]}`);
  return list.map((k) => publicPart(k as jose.JWK));
}

function writeJson(file: string, value: unknown, flag: 'w' | 'wx'): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Write beside the target and rename, so a crash never leaves half a key file.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
  if (flag === 'wx' && fs.existsSync(file)) {
    fs.rmSync(tmp);
    return;
  }
  fs.renameSync(tmp, file);
}

export function signingKeyFile(dataDir: string): string {
  return path.join(keysDir(dataDir), SIGNING_KEY);
}

/**
 * The text of DATA_DIR/keys/signing-key.json, generated on first start. Several servers sharing
 * DATA_DIR (with DATABASE_URL) may start at once: a new key is written to a private temporary file
 * and hard-linked into place, so exactly one key wins and nobody reads a half-written file.
 */
export function readOrCreateSigningKeyText(dataDir: string): string {
  const file = signingKeyFile(dataDir);
  if (!fs.existsSync(file)) createFileOnce(file, JSON.stringify(generatePrivateJwk()));
  return fs.readFileSync(file, 'utf8');
}

/** The current private key from DATA_DIR/keys, generated there on first start. */
export function loadOrCreateSigningKey(dataDir: string): jose.JWK {
  const file = signingKeyFile(dataDir);
  try {
    return JSON.parse(readOrCreateSigningKeyText(dataDir)) as jose.JWK;
  } catch (err) {
    if (err instanceof SyntaxError) throw new KeyStoreError(`${file} is not valid JSON; restore it from a backup`);
    throw err;
  }
}

/** The previous public keys kept in DATA_DIR/keys (none before the first rotation). */
export function readPreviousKeys(dataDir: string): jose.JWK[] {
  const file = path.join(keysDir(dataDir), PREVIOUS_KEYS);
  if (!fs.existsSync(file)) return [];
  return parseJwkList(fs.readFileSync(file, 'utf8'), file);
}

function writePreviousKeys(dataDir: string, keys: jose.JWK[]): void {
  writeJson(path.join(keysDir(dataDir), PREVIOUS_KEYS), { keys }, 'w');
}

/** Makes a new current key; the old one's public half becomes a previous key. Returns both ids. */
export async function rotateSigningKey(dataDir: string): Promise<{ newKid: string; previousKid: string }> {
  const old = loadOrCreateSigningKey(dataDir);
  const previousKid = await keyId(old);
  const previous = readPreviousKeys(dataDir);
  const kept = [];
  for (const k of previous) if ((await keyId(k)) !== previousKid) kept.push(k);
  // Previous keys first, so a crash between the two writes loses no accepted key.
  writePreviousKeys(dataDir, [publicPart(old), ...kept]);
  const fresh = generatePrivateJwk();
  writeJson(path.join(keysDir(dataDir), SIGNING_KEY), fresh, 'w');
  return { newKid: await keyId(fresh), previousKid };
}

/** Drops a previous key: tokens it signed are refused once the servers restart. */
export async function retireKey(dataDir: string, kid: string): Promise<void> {
  const previous = readPreviousKeys(dataDir);
  const kept = [];
  for (const k of previous) if ((await keyId(k)) !== kid) kept.push(k);
  if (kept.length === previous.length) {
    const current = await keyId(loadOrCreateSigningKey(dataDir));
    throw new KeyStoreError(
      kid === current ? `${kid} is the current key; rotate first` : `no previous key has the id ${kid}`,
    );
  }
  writePreviousKeys(dataDir, kept);
}
