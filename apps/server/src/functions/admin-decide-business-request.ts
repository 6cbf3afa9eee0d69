// POST /functions/v1/admin-decide-business-request {requestId, approve, note?} — an admin approves
// or rejects a request for a business account from the admin dashboard, and the person who asked
// gets a mail saying so in their language (business/decision-mail.ts). The decision runs as
// public.admin_decide_business_request() in the caller's own request context, so the admin check,
// the business flag and the audit row stay in SQL; the mail is queued once the decision is
// committed. A decision that went through but whose mail could not be queued answers mailed: false
// (the outbox's failure is logged) rather than an error for a change that was made.
import { z } from 'zod';
import { isPgError, withRequestContext } from '@tagledger/db';
import type { FunctionResponse } from '@tagledger/functions-api';
import { businessDecisionMail } from '../business/decision-mail.js';
import { languageOfUser } from '../shared/language.js';
import { FunctionError, functionErrorFromDb, parseInput } from './errors.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({
  requestId: z.string().uuid('requestId must be a request id'),
  approve: z.boolean({ error: 'approve must be true or false' }),
  note: z.string().trim().max(1000, 'The note must be at most 1000 characters').nullish(),
});

interface DecidedRow {
  id: string;
  user_id: string;
  status: 'approved' | 'rejected';
  decision_note: string | null;
}

export const adminDecideBusinessRequest: ServerFunction<'admin-decide-business-request'> = {
  name: 'admin-decide-business-request',
  verifyJwt: true,
  bodyLimit: 8 * 1024,
  async handler({ ctx, principal, req }) {
    if (principal.role !== 'authenticated' || !principal.userId) throw new FunctionError(401, 'No valid session');
    const { requestId, approve, note } = parseInput(bodySchema, req.body);
    let row: DecidedRow;
    try {
      row = await withRequestContext(
        ctx.db,
        { role: 'authenticated', claims: principal.claims as Record<string, unknown> },
        async (tx) =>
          (
            await tx.query<{ r: DecidedRow }>(
              'select to_jsonb(public.admin_decide_business_request($1, $2, $3)) as r',
              [requestId, approve, note || null],
            )
          ).rows[0]!.r,
      );
    } catch (err) {
      // The function raises P0001 only for a request someone already decided.
      if (isPgError(err) && err.code === 'P0001')
        throw new FunctionError(409, err.message, { code: 'already_decided' });
      throw functionErrorFromDb(err) ?? err;
    }

    let mailed = false;
    try {
      const { rows } = await ctx.db.query<{ email: string | null }>('select email from auth.users where id = $1', [
        row.user_id,
      ]);
      const to = rows[0]?.email;
      if (to) {
        const mail = businessDecisionMail({
          to,
          language: await languageOfUser(ctx.db, row.user_id),
          app: ctx.config.appName,
          siteUrl: ctx.config.siteUrl,
          decision: approve ? { approved: true } : { approved: false, note: row.decision_note },
        });
        await ctx.mailer.send(mail);
        mailed = true;
      }
    } catch (err) {
      req.log.error({ err, requestId }, 'the business decision mail could not be queued');
    }
    const answer: FunctionResponse<'admin-decide-business-request'> = { id: row.id, status: row.status, mailed };
    return answer;
  },
};
