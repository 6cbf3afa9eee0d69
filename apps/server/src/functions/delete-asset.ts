// POST /functions/v1/delete-asset {assetId} — deletes the caller's asset and its stored files.
// The row goes first (its BEFORE DELETE trigger appends the 'delete' ledger entry; media rows
// cascade), then the files. Nobody can delete an asset through the data API, so files are never
// left behind by a client that skipped a step.
import { z } from 'zod';
import { removeObjects } from '../storage/service.js';
import type { FunctionRequest } from '@tagledger/functions-api';
import { FunctionError, functionErrorFromDb, parseInput } from './errors.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({ assetId: z.string().uuid('assetId must be a UUID') });

export const deleteAsset: ServerFunction<'delete-asset'> = {
  name: 'delete-asset',
  verifyJwt: true,
  async handler({ ctx, principal, req }) {
    const userId = signedInUserId(principal, 'Sign in to delete an asset');
    const input = parseInput(bodySchema, req.body);
    // The schema's output must be a request of the functions' contract.
    const body = input satisfies FunctionRequest<'delete-asset'>;
    const { assetId } = body;
    try {
      const removed = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ owner_id: string; title: string }>(
          'select owner_id, title from public.assets where id = $1 for update',
          [assetId],
        );
        if (!rows[0] || rows[0].owner_id !== userId) return null;
        const { rows: media } = await tx.query<{ object_name: string }>(
          'select object_name from public.asset_media where asset_id = $1 order by position',
          [assetId],
        );
        await tx.query('delete from public.assets where id = $1', [assetId]);
        const { rows: entries } = await tx.query<{ seq: number }>(
          'select max(seq)::int as seq from public.asset_ledger where asset_id = $1',
          [assetId],
        );
        return { title: rows[0].title, files: media.map((m) => m.object_name), ledgerSeq: entries[0]?.seq ?? null };
      });
      if (!removed) throw new FunctionError(404, 'Asset not found', { code: 'not_found' });
      let filesRemoved: string[] = [];
      if (removed.files.length > 0) {
        try {
          filesRemoved = await removeObjects(ctx, 'asset-media', removed.files);
        } catch (err) {
          // The asset is gone; log the files so an operator can remove them.
          req.log.error({ err, files: removed.files }, 'asset files not removed');
        }
      }
      return { deleted: true, assetId, filesRemoved: filesRemoved.length, ledgerSeq: removed.ledgerSeq };
    } catch (err) {
      throw functionErrorFromDb(err) ?? err;
    }
  },
};
