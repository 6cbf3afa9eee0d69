// The mails of the relay (and the owner's reply). Both come From the product (the mailer's fixed sender) with a fixed,
// product-branded subject: nothing a visitor types can appear in From or Subject. The confirmation
// mail carries none of the visitor's text either, so entering someone else's address only ever
// sends them our own fixed wording. The confirmation is written in the language of the page the
// visitor wrote from; the relayed message in the owner's language (shared/language.ts).
import { escapeHtml } from '../shared/escape-html.js';
import type { Language, Localized } from '../shared/language.js';
import type { MailMessage } from '../shared/mailer.js';

export function confirmationSubject(app: string, language: Language = 'en'): string {
  return language === 'fr'
    ? `[${app}] Confirmez votre adresse e-mail pour envoyer votre message`
    : `[${app}] Confirm your e-mail address to send your message`;
}

export function relayedSubject(app: string, language: Language = 'en'): string {
  return language === 'fr'
    ? `[${app}] Un visiteur vous a écrit à propos de votre objet`
    : `[${app}] A visitor sent a message about your item`;
}

const CONFIRMATION: Localized<{
  lines: (app: string, hours: number) => [string, string];
  ignore: string;
  button: string;
}> = {
  en: {
    lines: (app, hours) => [
      `Someone asked ${app} to pass a message to the owner of an item, giving this e-mail address as theirs.`,
      `Open this link within ${hours} hours to confirm the address and send the message:`,
    ],
    ignore: 'If this was not you, ignore this e-mail: nothing will be sent.',
    button: 'Confirm and send my message',
  },
  fr: {
    lines: (app, hours) => [
      `Quelqu’un a demandé à ${app} de transmettre un message au propriétaire d’un objet, en indiquant cette adresse e-mail comme la sienne.`,
      `Ouvrez ce lien dans les ${hours} heures pour confirmer l’adresse et envoyer le message :`,
    ],
    ignore: 'Si ce n’était pas vous, ignorez cet e-mail : rien ne sera envoyé.',
    button: 'Confirmer et envoyer mon message',
  },
};

export function confirmationMail(opts: {
  app: string;
  to: string;
  link: string;
  hours: number;
  language?: Language;
}): MailMessage {
  const { app, link } = opts;
  const language = opts.language ?? 'en';
  const t = CONFIRMATION[language];
  const lines = t.lines(app, opts.hours);
  return {
    to: opts.to,
    subject: confirmationSubject(app, language),
    text: `${lines.join('\n')}\n\n${link}\n\n${t.ignore}\n`,
    html:
      `<p>${escapeHtml(lines[0])}</p><p>${escapeHtml(lines[1])}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
    link,
  };
}

export interface RelayedMailInput {
  app: string;
  to: string;
  /** Already cleaned by cleanSenderName(); null when the visitor gave none. */
  senderName: string | null;
  senderEmail: string;
  /** The item's title, and its serial number when it has one. */
  itemTitle: string;
  serialNumber: string | null;
  message: string;
  replyLink: string;
  blockLink: string;
  reportLink: string;
  language?: Language;
}

interface RelayedTexts {
  who: (name: string | null) => string;
  item: (title: string, serial: string | null) => string;
  intro: (who: string, item: string, app: string) => string;
  theirMessage: string;
  reply: (app: string) => string;
  replyThrough: (app: string) => string;
  block: string;
  report: string;
}

const RELAYED: Localized<RelayedTexts> = {
  en: {
    who: (name) =>
      name
        ? `A visitor who gave the name «${name}» and confirmed their e-mail address`
        : 'A visitor who gave no name and confirmed their e-mail address',
    item: (title, serial) => (serial ? `“${title}” (serial ${serial})` : `“${title}”`),
    intro: (who, item, app) =>
      `${who} wrote about your item ${item}. ${app} does not check names: anyone can type any name.`,
    theirMessage: 'Their message:',
    reply: (app) =>
      `Replying to this e-mail sends your answer, with your address, to the address they confirmed. To answer without showing your address, reply through ${app}:`,
    replyThrough: (app) => `Reply through ${app}`,
    block: 'Block this sender',
    report: 'Report abuse',
  },
  fr: {
    who: (name) =>
      name
        ? `Un visiteur qui a donné le nom « ${name} » et confirmé son adresse e-mail`
        : 'Un visiteur qui n’a pas donné de nom et a confirmé son adresse e-mail',
    item: (title, serial) => (serial ? `« ${title} » (n° de série ${serial})` : `« ${title} »`),
    intro: (who, item, app) =>
      `${who} vous a écrit à propos de votre objet ${item}. ${app} ne vérifie pas les noms : chacun peut saisir n’importe quel nom.`,
    theirMessage: 'Son message :',
    reply: (app) =>
      `Répondre à cet e-mail envoie votre réponse, avec votre adresse, à l’adresse qu’il a confirmée. Pour répondre sans montrer votre adresse, passez par ${app} :`,
    replyThrough: (app) => `Répondre via ${app}`,
    block: 'Bloquer cet expéditeur',
    report: 'Signaler un abus',
  },
};

export function relayedMail(m: RelayedMailInput): MailMessage {
  const language = m.language ?? 'en';
  const t = RELAYED[language];
  const intro = t.intro(t.who(m.senderName), t.item(m.itemTitle, m.serialNumber), m.app);
  const reply = t.reply(m.app);
  return {
    to: m.to,
    subject: relayedSubject(m.app, language),
    replyTo: m.senderEmail,
    text:
      `${intro}\n\n${t.theirMessage}\n\n${m.message}\n\n${reply}\n${m.replyLink}\n\n` +
      `${t.block}: ${m.blockLink}\n${t.report}: ${m.reportLink}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(t.theirMessage)}</p>` +
      `<blockquote>${escapeHtml(m.message).replace(/\n/g, '<br>')}</blockquote>` +
      `<p>${escapeHtml(reply)} <a href="${escapeHtml(m.replyLink)}">${escapeHtml(t.replyThrough(m.app))}</a></p>` +
      `<p><a href="${escapeHtml(m.blockLink)}">${escapeHtml(t.block)}</a> · <a href="${escapeHtml(m.reportLink)}">${escapeHtml(t.report)}</a></p>`,
    link: m.replyLink,
  };
}

const REPLY: Localized<{
  subject: (app: string, title: string) => string;
  who: (owner: string | null, title: string) => string;
  replied: (who: string) => string;
  yourMessage: string;
  answer: string;
}> = {
  en: {
    subject: (app, title) => `[${app}] Reply about ${title}`,
    who: (owner, title) => owner || `The owner of ${title}`,
    replied: (who) => `${who} replied to your message:`,
    yourMessage: 'Your message:',
    answer: 'Reply to this e-mail to answer them directly.',
  },
  fr: {
    subject: (app, title) => `[${app}] Réponse à propos de ${title}`,
    who: (owner, title) => owner || `Le propriétaire de ${title}`,
    replied: (who) => `${who} a répondu à votre message :`,
    yourMessage: 'Votre message :',
    answer: 'Répondez à cet e-mail pour lui répondre directement.',
  },
};

/** The owner's answer, sent to the visitor who wrote (in the language they wrote in). */
export function replyMail(m: {
  app: string;
  to: string;
  ownerName: string | null;
  itemTitle: string;
  reply: string;
  message: string;
  language: Language;
}): MailMessage {
  const t = REPLY[m.language];
  const replied = t.replied(t.who(m.ownerName, m.itemTitle));
  return {
    to: m.to,
    subject: t.subject(m.app, m.itemTitle),
    text: `${replied}\n\n${m.reply}\n\n— ${t.yourMessage} ${m.message}\n\n${t.answer}\n`,
    html:
      `<p>${escapeHtml(replied)}</p><blockquote>${escapeHtml(m.reply).replace(/\n/g, '<br>')}</blockquote>` +
      `<p style="color:#666">${escapeHtml(t.yourMessage)} ${escapeHtml(m.message)}</p><p>${escapeHtml(t.answer)}</p>`,
  };
}
