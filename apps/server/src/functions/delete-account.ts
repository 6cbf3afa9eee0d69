// POST /functions/v1/delete-account (issue 5, GDPR Art. 17): the caller deletes their own account.
// Body {password, confirmation}: the current password (re-authentication, checked against the
// stored hash) and the typed word DELETE. A user with two-factor authentication must call with an
// aal2 session. Then, in order:
//   1. one transaction runs private.delete_account, which does what the catalogue of personal data
//      declares for every column that names the user (migration 20261127001200, decision 0153):
//      deletes the rows no foreign key removes, deletes the auth user (which cascades to everything
//      that is the user's), and clears the user's id from the rows kept for a stated reason (the
//      asset ledger's hash chain, the moderation log);
//   2. every stored file the user owned — by owner id or by the <uid>/ folder convention all
//      buckets use — is removed (rows and bytes). A failure here is logged with the names, so an
//      operator can finish it; the account is already gone.
// The sessions go with the user, so every refresh token stops working at once.
import { z } from 'zod';
import { removeObjects } from '../storage/service.js';
import type { FunctionRequest } from '@tagledger/functions-api';
import { FunctionError } from './errors.js';
import { requireCurrentPassword } from './require-current-password.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

export const DELETE_CONFIRMATION = 'DELETE';
export const DELETE_RATE_LIMIT = { limit: 5, windowSeconds: 900 };

const bodySchema = z.object({
  password: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(1000),
  confirmation: z.string({ error: `Type ${DELETE_CONFIRMATION} to confirm` }),
});

export const deleteAccount: ServerFunction<'delete-account'> = {
  name: 'delete-account',
  verifyJwt: true,
  async handler({ ctx, principal, req }) {
    const userId = signedInUserId(principal, 'No valid session');
    if (!(await ctx.rateLimiter.hit(`delete-account:user:${userId}`, DELETE_RATE_LIMIT))) {
      throw new FunctionError(429, 'Too many attempts. Please try again in a few minutes.');
    }

    const parsed = bodySchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new FunctionError(400, parsed.error.issues[0]!.message);
    // The schema's output must be a request of the functions' contract.
    const body = parsed.data satisfies FunctionRequest<'delete-account'>;
    const { password, confirmation } = body;
    if (confirmation.trim() !== DELETE_CONFIRMATION) {
      throw new FunctionError(400, `Type ${DELETE_CONFIRMATION} to confirm`, { code: 'confirmation_mismatch' });
    }

    await requireCurrentPassword({ ctx }, userId, password);

    // Collected before the rows that reference them disappear.
    const { rows: objects } = await ctx.db.query<{ bucket_id: string; name: string }>(
      `select o.bucket_id, o.name from storage.objects o
        where o.owner_id = $1::text or o.owner = $2::uuid or (storage.foldername(o.name))[1] = $1::text
        order by o.bucket_id, o.name`,
      [userId, userId],
    );

    const rowsByRule = await ctx.db.transaction(
      async (tx) =>
        (await tx.query<{ done: Record<string, number> }>('select private.delete_account($1::uuid) as done', [userId]))
          .rows[0]!.done,
    );

    const byBucket = new Map<string, string[]>();
    for (const o of objects) byBucket.set(o.bucket_id, [...(byBucket.get(o.bucket_id) ?? []), o.name]);
    let filesRemoved = 0;
    for (const [bucket, names] of byBucket) {
      for (let i = 0; i < names.length; i += 100) {
        const chunk = names.slice(i, i + 100);
        try {
          filesRemoved += (await removeObjects(ctx, bucket, chunk)).length;
        } catch (err) {
          req.log.error({ err, bucket, names: chunk, userId }, 'delete-account: could not remove stored files');
        }
      }
    }
    req.log.info({ userId, filesRemoved, rowsByRule }, 'account deleted by its owner');
    return { deleted: true, files_removed: filesRemoved };
  },
};
