// Password hashing (the strength policy is in password-policy.ts). New hashes are argon2id; bcrypt
// hashes (as exported from an existing Supabase project, `$2a$`/`$2b$`) are verified and flagged
// for re-hashing.
//
// Hashing never runs on the event loop: @node-rs/argon2's hash and verify are native async tasks
// that run on libuv's thread pool (UV_THREADPOOL_SIZE threads, 4 by default), so other requests
// are answered while sign-ins hash (test/auth/password-off-thread.int.test.ts proves it). The
// parameters are the library's defaults for argon2id (19 MiB, 2 passes, 1 lane — OWASP's minimum).
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// A real hash of a random string: verifying against it when the user does not exist keeps the
// response time of "unknown e-mail" close to that of "wrong password".
let dummyHash: Promise<string> | undefined;

/** argon2 computations started and not finished: only ever seen above 0 if they run off the loop. */
let inFlight = 0;
export function argonInFlight(): number {
  return inFlight;
}
async function counted<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await work();
  } finally {
    inFlight--;
  }
}

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to Argon2id (its const enum cannot be imported under isolatedModules).
  return counted(() => argonHash(password));
}

export function isBcryptHash(h: string): boolean {
  return /^\$2[aby]\$\d{2}\$/.test(h);
}

export function isSupportedHash(h: string): boolean {
  return isBcryptHash(h) || h.startsWith('$argon2');
}

/** Verifies a password; `rehash` is true when the stored hash should be replaced by argon2id. */
export async function verifyPassword(
  stored: string | null,
  password: string,
): Promise<{ ok: boolean; rehash: boolean }> {
  if (!stored) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    const dummy = await dummyHash;
    await counted(() => argonVerify(dummy, password)).catch(() => false);
    return { ok: false, rehash: false };
  }
  try {
    if (isBcryptHash(stored)) return { ok: await bcrypt.compare(password, stored), rehash: true };
    if (stored.startsWith('$argon2')) return { ok: await counted(() => argonVerify(stored, password)), rehash: false };
  } catch {
    return { ok: false, rehash: false };
  }
  return { ok: false, rehash: false };
}
