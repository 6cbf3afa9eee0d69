// POST /functions/v1/my-asset — one of the caller's assets, its files, and their URLs, in one request
// (issue 29). The asset page asked for the asset, then for its files' signed URLs, then for the photo:
// three round trips one after the other before its largest paint (the photo). The asset and its files
// are read as the caller (RLS on assets and asset_media: the owner's, as the REST select the page
// made), and each file is signed only if the caller may read it under storage's RLS, as
// POST /storage/v1/object/sign does.
import { withRequestContext } from '@tagledger/db';
import type { MyAssetPage, OwnAssetRow } from '@tagledger/functions-api';
import { z } from 'zod';
import { readableObjectNames, signedObjectPath } from '../storage/service.js';
import { FunctionError, functionErrorFromDb, parseInput } from './errors.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

/** How long the URLs work; the page asks for new ones before they expire. */
export const MY_ASSET_URL_SECONDS = 300;
/**
 * The displayed photo's quality (web/src/features/assets/api/signed-urls.ts, GALLERY_QUALITY): lower
 * than the storage default of 80, which is for originals' copies.
 */
const GALLERY_QUALITY = 70;
const BUCKET = 'asset-media';

const bodySchema = z
  .object({
    id: z.string().uuid(),
    // The photo's drawn width in device pixels, in the page's steps of 160 (1280 at most): a signed
    // render URL names one size, and only the page knows the screen it is drawn on.
    photoWidth: z.number().int().min(160).max(1280).multipleOf(160),
  })
  .strict();

export const myAsset: ServerFunction<'my-asset'> = {
  name: 'my-asset',
  verifyJwt: true,
  bodyLimit: 1024,
  async handler({ ctx, principal, req }) {
    signedInUserId(principal, 'Sign in to see your assets');
    const { id, photoWidth } = parseInput(bodySchema, req.body);
    const { asset, readable } = await withRequestContext(
      ctx.db,
      { role: 'authenticated', claims: principal.claims },
      async (tx) => {
        // The columns the page's REST select read: the asset's own, and its files in their order.
        const { rows } = await tx.query<{ asset: OwnAssetRow }>(
          `select to_jsonb(a) || jsonb_build_object('media', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'id', m.id, 'object_name', m.object_name, 'kind', m.kind, 'mime_type', m.mime_type,
                      'size_bytes', m.size_bytes, 'sha256', m.sha256, 'duration_seconds', m.duration_seconds,
                      'position', m.position) order by m.position)
               from public.asset_media m where m.asset_id = a.id), '[]'::jsonb)) as asset
             from public.assets a where a.id = $1`,
          [id],
        );
        const found = rows[0]?.asset;
        if (!found) return { asset: null, readable: new Set<string>() };
        const names = found.media.map((m) => m.object_name);
        return { asset: found, readable: await readableObjectNames(tx, BUCKET, names) };
      },
    ).catch((err: unknown) => {
      throw functionErrorFromDb(err) ?? err;
    });
    if (!asset) throw new FunctionError(404, 'Asset not found', { code: 'not_found' });

    const sign = async (name: string, transform?: Record<string, unknown>) =>
      ctx.config.storagePublicUrl + (await signedObjectPath(ctx, BUCKET, name, MY_ASSET_URL_SECONDS, transform));
    const files: Record<string, string> = {};
    const photos: Record<string, string> = {};
    for (const m of asset.media) {
      if (!readable.has(m.object_name)) continue;
      files[m.object_name] = await sign(m.object_name);
      if (m.kind === 'photo')
        photos[m.object_name] = await sign(m.object_name, {
          width: photoWidth,
          resize: 'contain',
          quality: GALLERY_QUALITY,
        });
    }
    return { asset, files, photos, expiresIn: MY_ASSET_URL_SECONDS } satisfies MyAssetPage;
  },
};
