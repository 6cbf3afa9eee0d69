// POST /functions/v1/legacy-asset {assetId} — one asset released to the signed-in heir: its details,
// files, history and proof (the database's legacy_released_asset, run as the heir), with
// short-lived URLs of its files by media id. Anyone the asset was not released to — another next
// of kin of the same owner, a stranger — gets the answer a missing asset gets.
import { z } from 'zod';
import { HEIR_MEDIA_URL_SECONDS, heirMediaUrls, releasedAssets } from '../assets/released-assets.js';
import { FunctionError, functionErrorFromDb, parseInput } from './errors.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({ assetId: z.string().uuid('assetId must be a UUID') });

export const legacyAsset: ServerFunction<'legacy-asset'> = {
  name: 'legacy-asset',
  verifyJwt: true,
  bodyLimit: 1024,
  async handler({ ctx, principal, req }) {
    const userId = principal.userId;
    if (principal.role !== 'authenticated' || !userId)
      throw new FunctionError(401, 'Sign in to see what was left to you');
    const { assetId } = parseInput(bodySchema, req.body);
    const [asset] = await releasedAssets(ctx, principal, [assetId]).catch((err: unknown) => {
      throw functionErrorFromDb(err) ?? err;
    });
    if (!asset) throw new FunctionError(404, 'Asset not found', { code: 'not_found' });
    return { asset, urls: await heirMediaUrls(ctx, userId, asset), expiresIn: HEIR_MEDIA_URL_SECONDS };
  },
};
