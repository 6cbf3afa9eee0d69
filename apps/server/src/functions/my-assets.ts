// POST /functions/v1/my-assets — a page of My Assets and its cards' pictures in one request (issue 29).
// Before, the screen waited for the search_my_assets rpc, then asked storage for one signed URL per
// photo (a thumbnail URL names one transformation, and supabase-js signs those one at a time): a
// second wave of round trips before the first photo could start. Here the page is read as the
// caller (the rpc's own rules: role `authenticated`, RLS on assets), and each card's first file is
// signed only if the caller may read it under storage's RLS, as POST /storage/v1/object/sign does.
import { withRequestContext } from '@tagledger/db';
import type { MyAssetsPage } from '@tagledger/functions-api';
import { readableObjectNames, signedObjectPath } from '../storage/service.js';
import { assetListInput, filterText } from './asset-list-input.js';
import { functionErrorFromDb, parseInput } from './errors.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

/** How long the URLs work; the screen reads the page again before they expire. */
export const MY_ASSET_URL_SECONDS = 300;
/**
 * A card's picture: one 16:9 thumbnail of a photo (the grid's and the list's box), at the quality
 * thumbnails use (web/src/features/assets/lib/thumbnails.ts, THUMB_QUALITY): a card is the largest
 * paint of My Assets, and at the storage default (80) a 640×360 AVIF took 2.5 times the bytes.
 */
export const THUMBNAIL = { width: 640, height: 360, resize: 'cover', quality: 60 } as const;
const BUCKET = 'asset-media';

const bodySchema = assetListInput(['created_at', 'title', 'value'])
  .extend({ privacy: filterText, status: filterText })
  .strict();

export const myAssets: ServerFunction<'my-assets'> = {
  name: 'my-assets',
  verifyJwt: true,
  bodyLimit: 4096,
  async handler({ ctx, principal, req }) {
    signedInUserId(principal, 'Sign in to see your assets');
    const f = parseInput(bodySchema, req.body);
    const { page, readable } = await withRequestContext(
      ctx.db,
      { role: 'authenticated', claims: principal.claims },
      async (tx) => {
        const { rows } = await tx.query<{ page: MyAssetsPage['page'] }>(
          'select public.search_my_assets($1, $2, $3, $4, $5, $6, $7, $8, $9) as page',
          [
            f.query?.trim() || null,
            f.kind || null,
            f.privacy || null,
            f.media || null,
            f.status || null,
            f.sort ?? 'created_at',
            f.ascending ?? false,
            f.limit,
            f.after ? JSON.stringify(f.after) : null,
          ],
        );
        const found = rows[0]!.page;
        const names = found.items.flatMap((a) => (a.media[0] ? [a.media[0].object_name] : []));
        return { page: found, readable: await readableObjectNames(tx, BUCKET, names) };
      },
    ).catch((err: unknown) => {
      throw functionErrorFromDb(err) ?? err;
    });

    const urls: Record<string, string> = {};
    for (const asset of page.items) {
      const first = asset.media[0];
      if (!first || !readable.has(first.object_name)) continue;
      const transform = first.kind === 'photo' ? THUMBNAIL : undefined;
      urls[first.object_name] =
        ctx.config.storagePublicUrl +
        (await signedObjectPath(ctx, BUCKET, first.object_name, MY_ASSET_URL_SECONDS, transform));
    }
    return { page, urls, expiresIn: MY_ASSET_URL_SECONDS };
  },
};
