// Verifying an ES256 JWT costs more CPU than the rest of a small request. The same API key and
// access token arrive on every request of a session, so verified claims are remembered until the
// token expires (bounded map; failures are never cached, expiry is re-checked on every hit).
import type { JwtClaims, Keys } from './keys.js';

const MAX_ENTRIES = 5000;

export function cachingKeys(keys: Keys): Keys {
  const verified = new Map<string, { claims: JwtClaims; exp: number }>();
  return {
    ...keys,
    async verify(token: string): Promise<JwtClaims> {
      const hit = verified.get(token);
      const now = Math.floor(Date.now() / 1000);
      if (hit && now < hit.exp) return hit.claims;
      if (hit) verified.delete(token);
      const claims = await keys.verify(token);
      if (typeof claims.exp === 'number') {
        if (verified.size >= MAX_ENTRIES) verified.clear();
        verified.set(token, { claims, exp: claims.exp });
      }
      return claims;
    },
  };
}
