// Signed-URL tokens: JWTs from the server's own key (ctx.keys.sign) whose `url` claim binds them
// to one bucket/path and whose `scope` says what they allow ('download' or 'upload'). A user
// access token verifies with the same key but carries neither claim, so it can never pass here.
import type { AppContext } from '../shared/context.js';
import { JwtError } from '../shared/keys.js';
import { errors } from './errors.js';

/** Signed upload URLs live 2 hours (hosted Supabase's documented lifetime). */
export const UPLOAD_URL_SECONDS = 2 * 3600;

/** A download token; with `transform`, the image transformation the signed render URL applies. */
export function signDownloadToken(
  ctx: AppContext,
  bucket: string,
  name: string,
  expiresIn: number,
  transform?: Record<string, unknown>,
): Promise<string> {
  return ctx.keys.sign({ url: `${bucket}/${name}`, scope: 'download', ...(transform ? { transform } : {}) }, expiresIn);
}

export function signUploadToken(
  ctx: AppContext,
  bucket: string,
  name: string,
  opts: { owner: string | undefined; upsert: boolean },
): Promise<string> {
  return ctx.keys.sign(
    { url: `${bucket}/${name}`, scope: 'upload', upsert: opts.upsert, ...(opts.owner ? { owner: opts.owner } : {}) },
    UPLOAD_URL_SECONDS,
  );
}

/** The claims of a token from the query string, answered as Storage does when it is missing or bad. */
async function verifiedClaims(ctx: AppContext, token: string | undefined): Promise<Record<string, unknown>> {
  if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
  try {
    return await ctx.keys.verify(token);
  } catch (err) {
    throw errors.invalidJwt(err instanceof JwtError ? err.message : 'invalid token');
  }
}

/** Verifies a token for bucket/name and scope; throws InvalidJWT / InvalidSignature. */
export async function verifyUrlToken(
  ctx: AppContext,
  token: string | undefined,
  bucket: string,
  name: string,
  scope: 'download' | 'upload',
): Promise<Record<string, unknown>> {
  const claims = await verifiedClaims(ctx, token);
  if (claims.url !== `${bucket}/${name}`) throw errors.invalidSignature();
  if (claims.scope !== scope) throw errors.invalidSignature('The token scope does not allow this operation');
  return claims;
}

/**
 * Media tokens name a media id only (a JWT's payload is readable, so it must not carry the object
 * name, which starts with the owner's user id). A public-media token is for the files of public
 * assets, whose privacy the route re-checks; an heir-media token also names the heir it was signed
 * for, and the route re-checks that the file's asset is still released to them.
 */
export function signPublicMediaToken(ctx: AppContext, mediaId: string, expiresIn: number): Promise<string> {
  return ctx.keys.sign({ media: mediaId, scope: 'public-media' }, expiresIn);
}

export function signHeirMediaToken(
  ctx: AppContext,
  mediaId: string,
  heirId: string,
  expiresIn: number,
): Promise<string> {
  return ctx.keys.sign({ media: mediaId, heir: heirId, scope: 'heir-media' }, expiresIn);
}

/** What a verified media token allows: a public file, or a file released to one heir. */
export type MediaGrant = { scope: 'public-media'; exp?: number } | { scope: 'heir-media'; heir: string; exp?: number };

/** Verifies a media token for mediaId; throws InvalidJWT / InvalidSignature. */
export async function verifyMediaToken(
  ctx: AppContext,
  token: string | undefined,
  mediaId: string,
): Promise<MediaGrant> {
  const claims = await verifiedClaims(ctx, token);
  if (claims.media !== mediaId) throw errors.invalidSignature();
  const exp = typeof claims.exp === 'number' ? { exp: claims.exp } : {};
  if (claims.scope === 'public-media') return { scope: 'public-media', ...exp };
  if (claims.scope === 'heir-media' && typeof claims.heir === 'string') {
    return { scope: 'heir-media', heir: claims.heir, ...exp };
  }
  throw errors.invalidSignature();
}
