// POST /functions/v1/contact-owner — a finder or buyer writes to an asset's owner through TagLedger.
//   { action: 'send', assetId, senderEmail, senderName?, message }  (no sign-in needed)
//     Stores a pending message (public.contact_requests) and mails the SENDER a single-use link;
//     nothing reaches the owner yet. Confirmation mails are limited per address and per client IP.
//   { action: 'confirm', token }  (no sign-in: the token is the proof of the address)
//     Relays the pending message once: stored in public.asset_messages and mailed to the owner
//     From the product, with the sender's confirmed address as Reply-To and links to block the
//     sender or report abuse. Limited per confirmed sender (per owner and overall), never per
//     owner or item, so one abuser cannot use up what other finders may send. A sender the owner
//     blocked is answered as if relayed and silently dropped.
//   { action: 'reply', messageId, reply }  (the owner, signed in)
//     Relayed to the sender by e-mail from TagLedger, with the owner's address as reply-to.
// Only assets that are public or carry a serial number (so can be found through /verify) accept messages.
import { z } from 'zod';
import { clientIp } from '../shared/http.js';
import type { FunctionRequest } from '@tagledger/functions-api';
import { FunctionError, parseInput } from './errors.js';
import { cleanSenderName } from '../contact/sender-name.js';
import { confirmationMail, relayedMail, replyMail } from '../contact/mail.js';
import { LANGUAGES, languageOfUser, type Language } from '../shared/language.js';
import {
  CONFIRMATION_TTL_SECONDS,
  CONFIRM_MAILS_PER_ADDRESS,
  CONFIRM_MAILS_PER_IP,
  RELAYS_PER_SENDER,
  RELAYS_PER_SENDER_AND_OWNER,
  limitKeys,
} from '../contact/limits.js';
import { TOKEN_PATTERN, hashConfirmationToken, newConfirmationToken } from '../contact/tokens.js';
import { signedInUserId } from './signed-in.js';
import type { FunctionCall, ServerFunction } from './types.js';

const sendSchema = z.object({
  action: z.literal('send'),
  assetId: z.string().uuid('assetId must be a UUID'),
  senderEmail: z.string().trim().max(254).email('Enter a valid e-mail address'),
  senderName: z.string().trim().max(100, 'The name must be at most 100 characters').optional().nullable(),
  message: z.string().trim().min(1, 'Write a message').max(2000, 'The message must be at most 2000 characters'),
  /** The language of the page the visitor wrote from: their confirmation mail is written in it. */
  language: z.enum(LANGUAGES).optional(),
});
const confirmSchema = z.object({
  action: z.literal('confirm'),
  token: z.string().regex(TOKEN_PATTERN, 'This link is not valid. Open the whole link from the e-mail.'),
});
const replySchema = z.object({
  action: z.literal('reply'),
  messageId: z.string().uuid('messageId must be a UUID'),
  reply: z.string().trim().min(1, 'Write a reply').max(4000, 'The reply must be at most 4000 characters'),
});
const bodySchema = z.discriminatedUnion('action', [sendSchema, confirmSchema, replySchema]);

const TOO_MANY_CONFIRMATIONS = 'Too many messages. Please try again later.';
const TOO_MANY_RELAYS = 'You have sent many messages today. Please try again tomorrow.';

async function send(
  { ctx, req }: FunctionCall,
  body: z.infer<typeof sendSchema>,
): Promise<{ status: 'confirmation_sent' }> {
  const ip = clientIp(req);
  if (!(await ctx.rateLimiter.hit(limitKeys.confirmMailsForIp(ip), CONFIRM_MAILS_PER_IP))) {
    throw new FunctionError(429, TOO_MANY_CONFIRMATIONS, { code: 'rate_limited' });
  }
  const { rows } = await ctx.db.query<{ id: string; owner_id: string; sender_key: string }>(
    `select a.id, a.owner_id, private.contact_sender_key($2) as sender_key
     from public.assets a
     where a.id = $1 and (a.privacy = 'public' or a.serial_normalized is not null)`,
    [body.assetId, body.senderEmail],
  );
  const asset = rows[0];
  if (!asset) throw new FunctionError(404, 'Asset not found', { code: 'not_found' });
  if (!(await ctx.rateLimiter.hit(limitKeys.confirmMailsForAddress(asset.sender_key), CONFIRM_MAILS_PER_ADDRESS))) {
    throw new FunctionError(429, TOO_MANY_CONFIRMATIONS, { code: 'rate_limited' });
  }
  // Strangers' data is kept only as long as it is useful: unconfirmed requests a week after their
  // link expired (until then the link can still say "expired"), confirmed ones after 30 days.
  await ctx.db.query(
    `delete from public.contact_requests
     where (confirmed_at is null and expires_at < now() - interval '7 days') or confirmed_at < now() - interval '30 days'`,
  );
  const { token, hash } = newConfirmationToken();
  const { rows: inserted } = await ctx.db.query<{ id: string }>(
    `insert into public.contact_requests (asset_id, owner_id, sender_name, sender_email, message, sender_ip, token_hash, expires_at, sender_language)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), $9) returning id`,
    [
      asset.id,
      asset.owner_id,
      cleanSenderName(body.senderName),
      body.senderEmail,
      body.message,
      ip,
      hash,
      CONFIRMATION_TTL_SECONDS,
      body.language ?? 'en',
    ],
  );
  const link = `${ctx.config.siteUrl}/contact/confirm?token=${token}`;
  try {
    await ctx.mailer.send(
      confirmationMail({
        app: ctx.config.appName,
        to: body.senderEmail,
        link,
        hours: CONFIRMATION_TTL_SECONDS / 3600,
        language: body.language ?? 'en',
      }),
    );
  } catch (err) {
    req.log.error({ err, request: inserted[0]!.id }, 'contact-owner confirmation mail not sent');
    await ctx.db.query('delete from public.contact_requests where id = $1', [inserted[0]!.id]);
    throw new FunctionError(503, 'We could not send the confirmation e-mail. Please try again later.', {
      code: 'mail_failed',
    });
  }
  return { status: 'confirmation_sent' };
}

interface PendingRow {
  id: string;
  asset_id: string;
  owner_id: string;
  sender_name: string | null;
  sender_email: string;
  sender_key: string;
  message: string;
  sender_ip: string | null;
  sender_language: Language;
  confirmed_at: string | null;
  expired: boolean;
  blocked: boolean;
  title: string;
  serial_number: string | null;
  owner_email: string | null;
}

async function confirm(
  { ctx, req }: FunctionCall,
  body: z.infer<typeof confirmSchema>,
): Promise<{ status: 'sent' | 'already_sent' }> {
  const { rows } = await ctx.db.query<PendingRow>(
    `select r.id, r.asset_id, r.owner_id, r.sender_name, r.sender_email, r.sender_key, r.message, r.sender_ip, r.sender_language,
            r.confirmed_at, r.expires_at <= now() as expired, a.title, a.serial_number, u.email as owner_email,
            exists (select 1 from public.contact_blocked_senders b where b.owner_id = r.owner_id and b.sender_key = r.sender_key) as blocked
     from public.contact_requests r
     join public.assets a on a.id = r.asset_id
     join auth.users u on u.id = r.owner_id
     where r.token_hash = $1`,
    [hashConfirmationToken(body.token)],
  );
  const pending = rows[0];
  if (!pending)
    throw new FunctionError(404, 'This link is not valid. Open the whole link from the e-mail.', {
      code: 'invalid_token',
    });
  if (pending.confirmed_at) return { status: 'already_sent' };
  if (pending.expired) {
    throw new FunctionError(410, 'This link has expired. Write your message again from the item’s page.', {
      code: 'expired',
    });
  }

  // Blocked: answered exactly like a relay, so the sender cannot tell, and not counted.
  if (pending.blocked) {
    const { rowCount } = await ctx.db.query(
      `update public.contact_requests set confirmed_at = now(), outcome = 'blocked' where id = $1 and confirmed_at is null`,
      [pending.id],
    );
    return { status: rowCount ? 'sent' : 'already_sent' };
  }

  if (
    !(await ctx.rateLimiter.hit(limitKeys.relays(pending.sender_key), RELAYS_PER_SENDER)) ||
    !(await ctx.rateLimiter.hit(
      limitKeys.relaysToOwner(pending.sender_key, pending.owner_id),
      RELAYS_PER_SENDER_AND_OWNER,
    ))
  ) {
    throw new FunctionError(429, TOO_MANY_RELAYS, { code: 'rate_limited' });
  }

  // Claiming the request and storing the message happen together, so two clicks relay once.
  const messageId = await ctx.db.transaction(async (tx) => {
    const claimed = await tx.query(
      `update public.contact_requests set confirmed_at = now(), outcome = 'relayed'
       where id = $1 and confirmed_at is null and expires_at > now()`,
      [pending.id],
    );
    if (!claimed.rowCount) return null;
    const { rows: inserted } = await tx.query<{ id: string }>(
      `insert into public.asset_messages (asset_id, owner_id, sender_name, sender_email, message, sender_ip, sender_language)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        pending.asset_id,
        pending.owner_id,
        pending.sender_name,
        pending.sender_email,
        pending.message,
        pending.sender_ip,
        pending.sender_language,
      ],
    );
    await tx.query('update public.contact_requests set message_id = $2 where id = $1', [pending.id, inserted[0]!.id]);
    return inserted[0]!.id;
  });
  if (!messageId) return { status: 'already_sent' };

  // Sent whatever the owner's notification settings say (private.wants_email is deliberately not
  // consulted): this is a person's message about the owner's lost or sold item, relayed on their
  // behalf — the reason the tag exists. It is also kept in the app (asset_messages), so a mail
  // failure is logged rather than reported to the sender as a failure.
  if (pending.owner_email) {
    const site = ctx.config.siteUrl;
    const id = encodeURIComponent(messageId);
    await ctx.mailer
      .send(
        relayedMail({
          app: ctx.config.appName,
          to: pending.owner_email,
          senderName: pending.sender_name,
          senderEmail: pending.sender_email,
          itemTitle: pending.title,
          serialNumber: pending.serial_number,
          language: await languageOfUser(ctx.db, pending.owner_id),
          message: pending.message,
          replyLink: `${site}/assets/${pending.asset_id}#messages`,
          blockLink: `${site}/contact/block?message=${id}`,
          reportLink: `${site}/contact/report?message=${id}`,
        }),
      )
      .catch((err: unknown) => req.log.error({ err, message: messageId }, 'contact-owner mail not sent'));
  }
  return { status: 'sent' };
}

async function replyToSender(
  { ctx, principal }: FunctionCall,
  body: z.infer<typeof replySchema>,
): Promise<{ replied: boolean }> {
  const app = ctx.config.appName;
  const userId = signedInUserId(principal, 'Sign in to reply');
  const { rows } = await ctx.db.query<{
    id: string;
    sender_email: string;
    title: string;
    owner_email: string | null;
    owner_name: string | null;
    message: string;
    sender_language: Language;
  }>(
    `select m.id, m.sender_email, a.title, u.email as owner_email, p.full_name as owner_name, m.message, m.sender_language
     from public.asset_messages m join public.assets a on a.id = m.asset_id
     join auth.users u on u.id = m.owner_id left join public.user_profiles p on p.id = m.owner_id
     where m.id = $1 and m.owner_id = $2`,
    [body.messageId, userId],
  );
  const msg = rows[0];
  if (!msg) throw new FunctionError(404, 'Message not found', { code: 'not_found' });
  if (!(await ctx.rateLimiter.hit(`contact-owner:reply:${userId}`, { limit: 30, windowSeconds: 3600 }))) {
    throw new FunctionError(429, 'Too many replies. Please try again later.', { code: 'rate_limited' });
  }
  // In the language of the page the visitor wrote from (kept with their message).
  await ctx.mailer.send({
    ...replyMail({
      app,
      to: msg.sender_email,
      ownerName: msg.owner_name,
      itemTitle: msg.title,
      reply: body.reply,
      message: msg.message,
      language: msg.sender_language,
    }),
    ...(msg.owner_email ? { replyTo: msg.owner_email } : {}),
  });
  await ctx.db.query('update public.asset_messages set replied_at = now() where id = $1', [msg.id]);
  return { replied: true };
}

export const contactOwner: ServerFunction<'contact-owner'> = {
  name: 'contact-owner',
  verifyJwt: false,
  async handler(call) {
    const input = parseInput(bodySchema, { action: 'send', ...((call.req.body as Record<string, unknown>) ?? {}) });
    // The schema's output must be a request of the functions' contract.
    const body = input satisfies FunctionRequest<'contact-owner'>;
    if (body.action === 'send') return send(call, body);
    if (body.action === 'confirm') return confirm(call, body);
    return replyToSender(call, body);
  },
};
