// The mails of the legacy journey, one per logged step. Subjects and wording are fixed by the
// product; the only text a user typed that appears is a next of kin's name, in mails to the owner
// who typed it. Mails to a next of kin never carry the owner's message: it is shown on the Legacy
// page after sign-in.
import type { MailMessage } from '../shared/mailer.js';

export interface LegacyEvent {
  id: string;
  kind: string;
  detail: Record<string, unknown>;
  recipient_email: string;
  mail_secret: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const day = (v: unknown) => (typeof v === 'string' ? new Date(v).toISOString().slice(0, 10) : '');

function message(to: string, subject: string, lines: string[], link: { href: string; label: string }): MailMessage {
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${link.label}: ${link.href}\n`,
    html:
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    link: link.href,
  };
}

/** The mail for one step, or undefined for a kind that is only logged. */
export function legacyMail(e: LegacyEvent, app: string, siteUrl: string): MailMessage | undefined {
  const name = typeof e.detail.name === 'string' ? e.detail.name : 'Your next of kin';
  const manage = { href: `${siteUrl}/nok`, label: 'Open your next of kin settings' };
  switch (e.kind) {
    case 'switch_changed':
      return message(
        e.recipient_email,
        `[${app}] Your inactivity switch was changed`,
        [
          e.detail.enabled
            ? `Your inactivity switch is on: after ${String(e.detail.period_months)} months without activity and a grace period of ${String(e.detail.grace_days)} days, your chosen assets are released to your next of kin.`
            : 'Your inactivity switch is off: nothing will be released.',
          ...(e.detail.paused_until ? [`It is paused until ${day(e.detail.paused_until)}.`] : []),
          'If you did not make this change, sign in and check your settings now.',
        ],
        manage,
      );
    case 'invited':
      if (!e.mail_secret) return undefined;
      return message(
        e.recipient_email,
        `[${app}] You have been named as a next of kin`,
        [
          `A ${app} user has named you as their next of kin. If you accept, you may receive access to assets they chose for you when they can no longer manage them.`,
          'Open the link to accept or decline. You can create an account with this address if you have none.',
        ],
        { href: `${siteUrl}/nok/accept?token=${encodeURIComponent(e.mail_secret)}`, label: 'Answer the invitation' },
      );
    case 'accepted':
    case 'declined':
      return message(
        e.recipient_email,
        `[${app}] ${name} ${e.kind} your invitation`,
        [`${name} ${e.kind} your invitation to be your next of kin.`],
        manage,
      );
    case 'reminder':
      return message(
        e.recipient_email,
        `[${app}] Are you still there? ${String(e.detail.days_left)} days left`,
        [
          `Your inactivity switch ends in ${String(e.detail.days_left)} day(s), on ${day(e.detail.ends_at)}. Then, after the grace period, your chosen assets are released to your next of kin.`,
          'Sign in or open the link and press "I am still here" to start the period again.',
        ],
        { href: `${siteUrl}/nok`, label: 'I am still here' },
      );
    case 'final_notice':
      return message(
        e.recipient_email,
        `[${app}] Final notice: your legacy will be released on ${day(e.detail.release_at)}`,
        [
          `Your inactivity period has ended. Unless you sign in before ${day(e.detail.release_at)}, your chosen assets are released to your next of kin.`,
        ],
        { href: `${siteUrl}/nok`, label: 'I am still here' },
      );
    case 'pause_ended':
      return message(
        e.recipient_email,
        `[${app}] Your inactivity switch is running again`,
        ['The pause you set has ended; the inactivity period starts again from today.'],
        manage,
      );
    case 'early_request':
      return message(
        e.recipient_email,
        `[${app}] ${name} asked for access to your legacy`,
        [
          `${name} asked for access before your inactivity period ends. Unless you refuse by ${day(e.detail.release_after)}, your chosen assets are released.`,
        ],
        { href: `${siteUrl}/nok`, label: 'Review the request' },
      );
    case 'request_refused':
      return message(
        e.recipient_email,
        `[${app}] You refused an early access request`,
        ['You refused an early request for access to your legacy. Nothing was released.'],
        manage,
      );
    case 'released':
      return message(
        e.recipient_email,
        `[${app}] Your legacy was released`,
        ['Your chosen assets were released to your next of kin.'],
        manage,
      );
    case 'release_notice':
      return message(
        e.recipient_email,
        `[${app}] Assets were left to you`,
        [
          `A ${app} user who named you as their next of kin has left you access to assets and a message.`,
          'Sign in with this e-mail address to see them.',
        ],
        { href: `${siteUrl}/legacy`, label: 'Open your legacy page' },
      );
    case 'transfer_offered':
      return message(
        e.recipient_email,
        `[${app}] An asset is being transferred to you`,
        [
          `A ${app} user wants to transfer the ownership of an asset to you.`,
          'Sign in (or create an account) with this e-mail address to accept it.',
        ],
        { href: `${siteUrl}/legacy`, label: 'See the transfer' },
      );
    case 'transfer_accepted':
      return message(
        e.recipient_email,
        `[${app}] Your asset has a new owner`,
        [`The transfer of your asset "${typeof e.detail.title === 'string' ? e.detail.title : ''}" was accepted.`],
        { href: `${siteUrl}/assets`, label: 'Open your assets' },
      );
    default:
      return undefined;
  }
}
