// Confirmation tokens: 256 random bits in the link, only their SHA-256 in the database, so a
// copy of the table cannot be turned into working links.
import crypto from 'node:crypto';

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newConfirmationToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmationToken(token) };
}

export function hashConfirmationToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
