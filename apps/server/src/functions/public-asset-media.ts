// POST /functions/v1/public-asset-media {assetIds: [...], firstOnly?} — no sign-in needed.
// Short-lived URLs for the files of PUBLIC assets, keyed by media id (/storage/v1/media/<id>).
// Object names (which begin with the owner's user id) never leave the server, not even inside a
// token, so the public cannot link assets to owners. Private assets' files are absent from the
// answer, and a URL handed out earlier stops working once its asset is private (checked per use).
import { z } from 'zod';
import { createPublicMediaUrl } from '../storage/service.js';
import { FunctionError, parseInput } from './errors.js';
import { clientIp } from '../shared/http.js';
import type { AppContext } from '../shared/context.js';
import type { ServerFunction } from './types.js';

export const PUBLIC_MEDIA_URL_SECONDS = 300;

const bodySchema = z.object({
  assetIds: z.array(z.string().uuid('assetIds must be UUIDs')).min(1).max(48),
  firstOnly: z.boolean().optional(),
});

export const publicAssetMedia: ServerFunction<'public-asset-media'> = {
  name: 'public-asset-media',
  verifyJwt: false,
  async handler({ ctx, req }) {
    const input = parseInput(bodySchema, req.body);
    if (!(await mayIssueMediaUrls(ctx, clientIp(req)))) {
      throw new FunctionError(429, 'Too many requests. Please try again in a minute.');
    }
    const urls = await publicMediaUrls(ctx, input.assetIds, input.firstOnly ?? false);
    return { urls, expiresIn: PUBLIC_MEDIA_URL_SECONDS };
  },
};

/** One network's share of URL signing (shared with the public-assets functions). */
export function mayIssueMediaUrls(ctx: AppContext, ip: string): Promise<boolean> {
  return ctx.rateLimiter.hit(`public-asset-media:ip:${ip}`, { limit: 300, windowSeconds: 60 });
}

/** URLs by media id for the files of those of `assetIds` that are public (only each one's first when `firstOnly`). */
export async function publicMediaUrls(
  ctx: AppContext,
  assetIds: string[],
  firstOnly: boolean,
): Promise<Record<string, string>> {
  if (assetIds.length === 0) return {};
  const { rows } = await ctx.db.query<{ id: string }>(
    `select m.id from public.asset_media m join public.assets a on a.id = m.asset_id
     where a.id = any($1::uuid[]) and a.privacy = 'public'
       and (not $2 or m.position = (select min(m2.position) from public.asset_media m2 where m2.asset_id = a.id))
     order by m.asset_id, m.position`,
    [assetIds, firstOnly],
  );
  const urls: Record<string, string> = {};
  for (const r of rows)
    urls[r.id] = `${ctx.config.storagePublicUrl}${await createPublicMediaUrl(ctx, r.id, PUBLIC_MEDIA_URL_SECONDS)}`;
  return urls;
}
