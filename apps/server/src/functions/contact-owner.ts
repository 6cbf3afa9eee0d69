// POST /functions/v1/contact-owner — a finder or buyer writes to an asset's owner without either
// side learning the other's address.
//   { action: 'send', assetId, senderEmail, senderName?, message }  (no sign-in needed)
//     Stored in public.asset_messages and relayed to the owner by e-mail with a link to answer
//     through TagLedger; the owner never sees the sender's address. Rate-limited per IP and per asset.
//   { action: 'reply', messageId, reply }  (the owner, signed in)
//     Relayed to the sender by e-mail from TagLedger, with the owner's address as reply-to: the
//     owner reveals their address by choosing to answer, never the other way round.
// Only assets that are public or carry a serial number (so can be found through /verify) accept messages.
import { z } from 'zod';
import { clientIp } from '../shared/http.js';
import { fail } from '../assets/errors.js';
import type { ServerFunction } from './types.js';

export const CONTACT_RATE_PER_IP = { limit: 5, windowSeconds: 3600 };
export const CONTACT_RATE_PER_ASSET = { limit: 10, windowSeconds: 86400 };

const sendSchema = z.object({
  action: z.literal('send'),
  assetId: z.string().uuid('assetId must be a UUID'),
  senderEmail: z.string().trim().max(254).email('Enter a valid e-mail address'),
  senderName: z.string().trim().max(100).optional().nullable(),
  message: z.string().trim().min(1, 'Write a message').max(2000, 'The message must be at most 2000 characters'),
});
const replySchema = z.object({
  action: z.literal('reply'),
  messageId: z.string().uuid('messageId must be a UUID'),
  reply: z.string().trim().min(1, 'Write a reply').max(4000, 'The reply must be at most 4000 characters'),
});
const bodySchema = z.discriminatedUnion('action', [sendSchema, replySchema]);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const contactOwner: ServerFunction = {
  name: 'contact-owner',
  verifyJwt: false,
  async handler({ ctx, principal, req, reply }) {
    const parsed = bodySchema.safeParse({ action: 'send', ...((req.body as Record<string, unknown>) ?? {}) });
    if (!parsed.success) return fail(reply, 400, parsed.error.issues[0]?.message ?? 'Invalid request', { code: 'invalid' });
    const body = parsed.data;
    const app = ctx.config.appName;

    if (body.action === 'send') {
      const ip = clientIp(req);
      if (!(await ctx.rateLimiter.hit(`contact-owner:ip:${ip}`, CONTACT_RATE_PER_IP))) {
        return fail(reply, 429, 'Too many messages. Please try again later.', { code: 'rate_limited' });
      }
      const { rows } = await ctx.db.query<{ id: string; owner_id: string; title: string; serial_number: string | null; email: string | null }>(
        `select a.id, a.owner_id, a.title, a.serial_number, u.email
         from public.assets a join auth.users u on u.id = a.owner_id
         where a.id = $1 and (a.privacy = 'public' or a.serial_normalized is not null)`,
        [body.assetId],
      );
      const asset = rows[0];
      if (!asset) return fail(reply, 404, 'Asset not found', { code: 'not_found' });
      if (!(await ctx.rateLimiter.hit(`contact-owner:asset:${asset.id}`, CONTACT_RATE_PER_ASSET))) {
        return fail(reply, 429, 'This owner has received many messages today. Please try again tomorrow.', { code: 'rate_limited' });
      }
      const { rows: inserted } = await ctx.db.query<{ id: string }>(
        `insert into public.asset_messages (asset_id, owner_id, sender_name, sender_email, message, sender_ip)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [asset.id, asset.owner_id, body.senderName || null, body.senderEmail.toLowerCase(), body.message, ip],
      );
      const link = `${ctx.config.siteUrl}/assets/${asset.id}#messages`;
      const from = body.senderName ? `${body.senderName} (via ${app})` : `Someone (via ${app})`;
      const label = asset.serial_number ? `${asset.title} (serial ${asset.serial_number})` : asset.title;
      // Sent whatever the owner's notification settings say (private.wants_email is deliberately not
      // consulted): this is not a notification about account activity but a person's message about
      // the owner's lost or sold item, relayed on their behalf — the reason the tag exists. Dropping
      // it silently could cost the owner the item, and the finder is told it was delivered. It is
      // not a security alert either, so the security switch does not govern it.
      if (asset.email) {
        await ctx.mailer
          .send({
            to: asset.email,
            subject: `[${app}] A message about your asset ${asset.title}`,
            text: `${from} wrote about ${label}:\n\n${body.message}\n\nTheir address is kept private. Reply through ${app}: ${link}\n`,
            html:
              `<p>${escapeHtml(from)} wrote about <strong>${escapeHtml(label)}</strong>:</p>` +
              `<blockquote>${escapeHtml(body.message).replace(/\n/g, '<br>')}</blockquote>` +
              `<p>Their address is kept private. <a href="${escapeHtml(link)}">Reply through ${escapeHtml(app)}</a></p>`,
            link,
          })
          .catch((err: unknown) => req.log.error({ err, message: inserted[0]!.id }, 'contact-owner mail not sent'));
      }
      return { sent: true, messageId: inserted[0]!.id };
    }

    // reply
    const userId = principal.userId;
    if (principal.role !== 'authenticated' || !userId) return fail(reply, 401, 'Sign in to reply');
    const { rows } = await ctx.db.query<{ id: string; sender_email: string; title: string; owner_email: string | null; owner_name: string | null; message: string }>(
      `select m.id, m.sender_email, a.title, u.email as owner_email, p.full_name as owner_name, m.message
       from public.asset_messages m join public.assets a on a.id = m.asset_id
       join auth.users u on u.id = m.owner_id left join public.user_profiles p on p.id = m.owner_id
       where m.id = $1 and m.owner_id = $2`,
      [body.messageId, userId],
    );
    const msg = rows[0];
    if (!msg) return fail(reply, 404, 'Message not found', { code: 'not_found' });
    if (!(await ctx.rateLimiter.hit(`contact-owner:reply:${userId}`, { limit: 30, windowSeconds: 3600 }))) {
      return fail(reply, 429, 'Too many replies. Please try again later.', { code: 'rate_limited' });
    }
    const who = msg.owner_name || `The owner of ${msg.title}`;
    await ctx.mailer.send({
      to: msg.sender_email,
      subject: `[${app}] Reply about ${msg.title}`,
      text: `${who} replied to your message:\n\n${body.reply}\n\n— Your message: ${msg.message}\n\nReply to this e-mail to answer them directly.\n`,
      html:
        `<p>${escapeHtml(who)} replied to your message:</p><blockquote>${escapeHtml(body.reply).replace(/\n/g, '<br>')}</blockquote>` +
        `<p style="color:#666">Your message: ${escapeHtml(msg.message)}</p><p>Reply to this e-mail to answer them directly.</p>`,
      ...(msg.owner_email ? { replyTo: msg.owner_email } : {}),
    });
    await ctx.db.query('update public.asset_messages set replied_at = now() where id = $1', [msg.id]);
    return { replied: true };
  },
};
