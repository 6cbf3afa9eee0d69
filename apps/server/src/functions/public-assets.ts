// POST /functions/v1/public-assets and /functions/v1/public-asset — no sign-in needed. The public
// gallery and a public asset's page, each in one request (issue 18): the database's public answer
// (search_public_assets / get_public_asset, security definer, the same rows the anonymous rpcs
// give: only what owners chose to share) together with the short-lived URLs of the files shown
// (public-asset-media's, same rules and rate limit). Before, each page waited for its rpc, then
// asked for the URLs. Both reads go to a read replica when there is one (DATABASE_READ_URL).
import { z } from 'zod';
import type { PublicAssetPage, PublicAssetsPage } from '@tagledger/functions-api';
import { clientIp } from '../shared/http.js';
import { assetListInput } from './asset-list-input.js';
import { functionErrorFromDb, parseInput } from './errors.js';
import { mayIssueMediaUrls, PUBLIC_MEDIA_URL_SECONDS, publicMediaUrls } from './public-asset-media.js';
import type { ServerFunction } from './types.js';

const listSchema = assetListInput(['created_at', 'title']);
const assetSchema = z.object({ assetId: z.string().max(100) });

async function query<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw functionErrorFromDb(err) ?? err;
  }
}

export const publicAssets: ServerFunction<'public-assets'> = {
  name: 'public-assets',
  verifyJwt: false,
  bodyLimit: 4096,
  async handler({ ctx, req }) {
    const f = parseInput(listSchema, req.body);
    const page = await query(async () => {
      const { rows } = await ctx.db.queryReplica<{ page: PublicAssetsPage['page'] }>(
        'select public.search_public_assets($1, $2, $3, $4, $5, $6, $7) as page',
        [
          f.query?.trim() || null,
          f.kind || null,
          f.media || null,
          f.sort ?? 'created_at',
          f.ascending ?? false,
          f.limit,
          f.after ? JSON.stringify(f.after) : null,
        ],
      );
      return rows[0]!.page;
    });
    const withFiles = page.items.filter((a) => Array.isArray(a.media) && a.media.length > 0).map((a) => String(a.id));
    // A network over its share still gets the list; its cards show no picture, as when the separate
    // URL request was refused.
    const urls =
      withFiles.length && (await mayIssueMediaUrls(ctx, clientIp(req)))
        ? await publicMediaUrls(ctx, withFiles, true)
        : {};
    return { page, urls, expiresIn: PUBLIC_MEDIA_URL_SECONDS };
  },
};

export const publicAsset: ServerFunction<'public-asset'> = {
  name: 'public-asset',
  verifyJwt: false,
  bodyLimit: 1024,
  async handler({ ctx, req }) {
    const { assetId } = parseInput(assetSchema, req.body);
    // The database reads the id (a malformed one is refused there, with its message, as the rpc was).
    const asset = await query(async () => {
      const { rows } = await ctx.db.queryReplica<{ asset: PublicAssetPage['asset'] }>(
        'select public.get_public_asset($1) as asset',
        [assetId],
      );
      return rows[0]?.asset ?? null;
    });
    const urls =
      asset && (await mayIssueMediaUrls(ctx, clientIp(req)))
        ? await publicMediaUrls(ctx, [String(asset.id)], false)
        : {};
    return { asset, urls, expiresIn: PUBLIC_MEDIA_URL_SECONDS };
  },
};
