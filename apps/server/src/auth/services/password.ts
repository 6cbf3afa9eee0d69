// Password hashing (the strength policy is in password-policy.ts). New hashes are argon2id; bcrypt
// hashes (as exported from an existing Supabase project, `$2a$`/`$2b$`) are verified and flagged
// for re-hashing.
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// A real hash of a random string: verifying against it when the user does not exist keeps the
// response time of "unknown e-mail" close to that of "wrong password".
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to Argon2id (its const enum cannot be imported under isolatedModules).
  return argonHash(password);
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
    await argonVerify(await dummyHash, password).catch(() => false);
    return { ok: false, rehash: false };
  }
  try {
    if (isBcryptHash(stored)) return { ok: await bcrypt.compare(password, stored), rehash: true };
    if (stored.startsWith('$argon2')) return { ok: await argonVerify(stored, password), rehash: false };
  } catch {
    return { ok: false, rehash: false };
  }
  return { ok: false, rehash: false };
}
