// POST /functions/v1/mail-preferences — the link at the end of every invitation and transfer offer
// (decision 0146). No sign-in: the token the server signed into that link is the proof that the mail
// reached this recipient (contact/mail-opt-out.ts).
//   { action: 'describe', token }  who sent the mail, and what is already stopped
//   { action: 'set', token, scope: 'sender' | 'everyone', stopped }  stop (or allow again) the mails
//     from that sender, or invitations and transfer offers from everyone
// The database honours it: legacy_invite and offer_asset_transfer refuse an address that stopped
// them (private.check_unsolicited_mail), so no mail is queued.
import { z } from 'zod';
import type { FunctionRequest, MailPreferences } from '@tagledger/functions-api';
import { optOutState, setOptOut, verifyOptOutToken, type OptOutClaims } from '../contact/mail-opt-out.js';
import type { AppContext } from '../shared/context.js';
import { FunctionError, parseInput } from './errors.js';
import type { ServerFunction } from './types.js';

const token = z.string({ error: 'Open the whole link from the e-mail' }).min(1).max(2000);
const bodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('describe'), token }),
    z.object({
      action: z.literal('set'),
      token,
      scope: z.enum(['sender', 'everyone'], { error: 'Choose whose e-mails to stop' }),
      stopped: z.boolean({ error: 'Say whether to stop or allow the e-mails' }),
    }),
  ],
  { error: 'Describe or set your e-mail preferences' },
);

async function preferences(ctx: AppContext, claims: OptOutClaims): Promise<MailPreferences> {
  const { rows } = await ctx.db.query<{ name: string | null; email: string }>(
    `select p.full_name as name, u.email from auth.users u left join public.user_profiles p on p.id = u.id
      where u.id = $1`,
    [claims.senderId],
  );
  return { sender: rows[0] ?? null, stopped: await optOutState(ctx.db, claims) };
}

export const mailPreferences: ServerFunction<'mail-preferences'> = {
  name: 'mail-preferences',
  verifyJwt: false,
  bodyLimit: 8 * 1024,
  async handler({ ctx, req }) {
    const body = parseInput(bodySchema, req.body) satisfies FunctionRequest<'mail-preferences'>;
    const claims = await verifyOptOutToken(ctx.keys, body.token);
    if (!claims) {
      throw new FunctionError(400, 'This link is not valid. Open the whole link from the e-mail.', {
        code: 'invalid_token',
      });
    }
    if (body.action === 'set') await setOptOut(ctx.db, claims, body.scope, body.stopped);
    return preferences(ctx, claims);
  },
};
