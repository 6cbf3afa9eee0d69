// The two mails of the relay. Both come From the product (the mailer's fixed sender) with a fixed,
// product-branded subject: nothing a visitor types can appear in From or Subject. The confirmation
// mail carries none of the visitor's text either, so entering someone else's address only ever
// sends them our own fixed wording.
import type { MailMessage } from '../shared/mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function confirmationSubject(app: string): string {
  return `[${app}] Confirm your e-mail address to send your message`;
}

export function relayedSubject(app: string): string {
  return `[${app}] A visitor sent a message about your item`;
}

export function confirmationMail(opts: { app: string; to: string; link: string; hours: number }): MailMessage {
  const { app, link } = opts;
  const lines = [
    `Someone asked ${app} to pass a message to the owner of an item, giving this e-mail address as theirs.`,
    `Open this link within ${opts.hours} hours to confirm the address and send the message:`,
  ];
  const ignore = 'If this was not you, ignore this e-mail: nothing will be sent.';
  return {
    to: opts.to,
    subject: confirmationSubject(app),
    text: `${lines.join('\n')}\n\n${link}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p>` +
      `<p><a href="${escapeHtml(link)}">Confirm and send my message</a></p><p>${escapeHtml(ignore)}</p>`,
    link,
  };
}

export interface RelayedMailInput {
  app: string;
  to: string;
  /** Already cleaned by cleanSenderName(); null when the visitor gave none. */
  senderName: string | null;
  senderEmail: string;
  itemLabel: string;
  message: string;
  replyLink: string;
  blockLink: string;
  reportLink: string;
}

export function relayedMail(m: RelayedMailInput): MailMessage {
  const who = m.senderName
    ? `A visitor who gave the name «${m.senderName}» and confirmed their e-mail address`
    : 'A visitor who gave no name and confirmed their e-mail address';
  const intro = `${who} wrote about your item ${m.itemLabel}. ${m.app} does not check names: anyone can type any name.`;
  const reply = `Replying to this e-mail sends your answer, with your address, to the address they confirmed. To answer without showing your address, reply through ${m.app}:`;
  return {
    to: m.to,
    subject: relayedSubject(m.app),
    replyTo: m.senderEmail,
    text:
      `${intro}\n\nTheir message:\n\n${m.message}\n\n${reply}\n${m.replyLink}\n\n` +
      `Block this sender: ${m.blockLink}\nReport abuse: ${m.reportLink}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>Their message:</p>` +
      `<blockquote>${escapeHtml(m.message).replace(/\n/g, '<br>')}</blockquote>` +
      `<p>${escapeHtml(reply)} <a href="${escapeHtml(m.replyLink)}">Reply through ${escapeHtml(m.app)}</a></p>` +
      `<p><a href="${escapeHtml(m.blockLink)}">Block this sender</a> · <a href="${escapeHtml(m.reportLink)}">Report abuse</a></p>`,
    link: m.replyLink,
  };
}
