// The legacy jobs on the durable queue. The sweep advances every countdown in the database
// (private.legacy_sweep, on the application clock); each step it takes is a logged event, and the
// mail job turns each event into one message of the mail outbox: the event row is claimed with
// SKIP LOCKED, and its message is queued and the event marked mailed in the same transaction, so
// two servers never queue it twice (the outbox then delivers and retries it).
import type { AppContext } from '../shared/context.js';
import { signOptOutToken } from '../contact/mail-opt-out.js';
import { legacyMail, UNSOLICITED_KINDS, type LegacyEvent } from './mail.js';

export const SWEEP_JOB = 'legacy.sweep';
export const MAIL_JOB = 'legacy.mail';

/** Takes due steps, then hands their mails to the mail job. */
export async function runLegacySweep(ctx: AppContext): Promise<number> {
  const steps = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>('select private.legacy_sweep() as n');
    return rows[0]!.n;
  });
  await ctx.jobs.send(MAIL_JOB, {});
  return steps;
}

/** Queues the mail of every unmailed step, one event per transaction, then delivers what is due. */
export async function sendLegacyMails(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      // The recipient's language when the address has an account; otherwise (an invited next of kin
      // who has none yet) the owner's, the language the owner wrote to them in.
      const { rows } = await tx.query<LegacyEvent & { language: string; owner_id: string; recipient_hash: string }>(
        `select e.id::text, e.kind, e.detail, e.recipient_email, e.mail_secret, e.owner_id,
                case when exists (select 1 from auth.users u where lower(u.email) = lower(e.recipient_email))
                     then private.user_language_by_email(e.recipient_email)
                     else private.user_language(e.owner_id) end as language,
                (select p.full_name from public.user_profiles p where p.id = e.owner_id) as owner_name,
                private.user_email(e.owner_id) as owner_email,
                private.mail_recipient_hash(e.recipient_email) as recipient_hash
           from public.legacy_events e
          where e.mailed_at is null and e.recipient_email is not null
          order by e.id limit 1 for update of e skip locked`,
      );
      const event = rows[0];
      if (!event) return false;
      const language = event.language === 'fr' ? 'fr' : 'en';
      // Invitations and transfer offers reach people who never asked: each carries a link to stop them.
      const optOutUrl = (UNSOLICITED_KINDS as readonly string[]).includes(event.kind)
        ? `${ctx.config.siteUrl}/mail-preferences?token=${await signOptOutToken(ctx.keys, event.recipient_hash, event.owner_id)}`
        : undefined;
      const mail = legacyMail(event, ctx.config.appName, ctx.config.siteUrl, language, { optOutUrl });
      if (mail) await ctx.mailer.send(mail, { tx });
      // The secret is needed only for this one mail.
      await tx.query('update public.legacy_events set mailed_at = now(), mail_secret = null where id = $1', [event.id]);
      return true;
    });
    if (!done) {
      if (sent) await ctx.mailer.deliverDue();
      return sent;
    }
    sent++;
  }
}

export async function registerLegacyJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.define(SWEEP_JOB, async () => void (await runLegacySweep(ctx)));
  await ctx.jobs.define(MAIL_JOB, async () => void (await sendLegacyMails(ctx)));
  await ctx.jobs.every(SWEEP_JOB, '* * * * *');
}
