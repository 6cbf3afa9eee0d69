// POST /functions/v1/add-asset-media — adds files the caller uploaded to one of their assets.
// Body: { assetId, submissionId, media: [objectName, …], expectedCost?, quoteOnly? }
// The server reads video lengths; private.add_asset_media checks the uploads, charges the price
// difference once per submission (ledger_post) and appends an 'edit' ledger entry.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import { ensureCheckpoint } from '../assets/checkpoints.js';
import { MAX_FILES_PER_ASSET, type AddMediaResult, type Quote } from '@tagledger/functions-api';
import { FunctionError, functionErrorFromDb } from './errors.js';
import { VIDEO_TYPES, readUploads } from './register-asset.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({
  assetId: z.string().uuid('assetId must be a UUID'),
  submissionId: z.string().uuid('submissionId must be a UUID'),
  media: z
    .array(z.string().min(1).max(300))
    .min(1, 'Choose at least one file')
    .max(MAX_FILES_PER_ASSET, `At most ${MAX_FILES_PER_ASSET} files per asset`),
  expectedCost: z.number().int().min(0).optional().nullable(),
  quoteOnly: z.boolean().optional(),
});

export const addAssetMedia: ServerFunction<'add-asset-media'> = {
  name: 'add-asset-media',
  verifyJwt: true,
  bodyLimit: 64 * 1024,
  async handler({ ctx, principal, req }) {
    const userId = signedInUserId(principal, 'Sign in to add files');
    const parsed = bodySchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new FunctionError(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request', {
        code: 'invalid',
      });
    }
    const { assetId, submissionId, media, expectedCost, quoteOnly } = parsed.data;
    if (new Set(media).size !== media.length)
      throw new FunctionError(400, 'The same file is listed twice', { code: 'invalid' });
    const { typeOf, items } = await readUploads(ctx, userId, media);
    try {
      if (quoteOnly) {
        const quote = await withRequestContext(
          ctx.db,
          { role: 'authenticated', claims: { sub: userId, role: 'authenticated' } },
          async (tx) => {
            const { rows } = await tx.query<{ q: Quote }>(
              'select public.quote_added_media($1, $2, $3, $4::numeric[]) as q',
              [
                assetId,
                media.filter((n) => typeOf.get(n)?.startsWith('image/')).length,
                media.filter((n) => typeOf.get(n) === 'application/pdf').length,
                items.filter((i) => VIDEO_TYPES.has(typeOf.get(i.name) ?? '')).map((i) => i.duration_seconds),
              ],
            );
            return rows[0]!.q;
          },
        );
        return { quote };
      }
      const result = await withRequestContext(
        ctx.db,
        { role: 'service_role', claims: { role: 'service_role' } },
        async (tx) => {
          await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 6))', [
            `add-asset-media:${userId}:${submissionId}`,
          ]);
          const { rows } = await tx.query<{ r: AddMediaResult }>(
            'select private.add_asset_media($1, $2, $3, $4, $5) as r',
            [userId, assetId, submissionId, JSON.stringify(items), expectedCost ?? null],
          );
          return rows[0]!.r;
        },
      );
      await ensureCheckpoint(ctx).catch((err: unknown) => req.log.error({ err }, 'ledger checkpoint failed'));
      return result;
    } catch (err) {
      throw functionErrorFromDb(err) ?? err;
    }
  },
};
