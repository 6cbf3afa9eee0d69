// The mails of the legacy journey, one per logged step, in the recipient's language (shared/language.ts;
// an invited next of kin without an account gets the owner's language, the one the owner wrote to them
// in). Subjects and wording are fixed by the product. Text a user typed appears only in the body: a next
// of kin's name and an asset's title in mails to the owner who typed them; and, so that a stranger knows
// who wrote to them, the sender's account address with their profile name and the asset's title in an
// invitation or transfer offer, and the owner's name in a mail to their accepted next of kin — those
// names cleaned (contact/sender-name.ts) and quoted. Mails to a next of kin never carry the owner's
// message: it is shown on the Legacy page after sign-in. Invitations and transfer offers end with a
// link where the recipient stops such mails (from this sender, or from everyone: mail-preferences).
import { cleanSenderName } from '../contact/sender-name.js';
import { escapeHtml } from '../shared/escape-html.js';
import { plural, type Language, type Localized } from '../shared/language.js';
import type { MailMessage } from '../shared/mailer.js';

export interface LegacyEvent {
  id: string;
  kind: string;
  detail: Record<string, unknown>;
  recipient_email: string;
  mail_secret: string | null;
  /** The owner's (sender's) profile name and account address. */
  owner_name?: string | null;
  owner_email?: string | null;
}

/** Kinds whose mail goes to someone who never asked for it, so it carries a way to stop them. */
export const UNSOLICITED_KINDS = ['invited', 'transfer_offered'] as const;

/** A date as the recipient reads it: 2027-03-01 in English (as before), 01/03/2027 in French. */
function day(v: unknown, language: Language): string {
  if (typeof v !== 'string') return '';
  const iso = new Date(v).toISOString().slice(0, 10);
  if (language === 'en') return iso;
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

interface Mail {
  subject: string;
  lines: string[];
  link: { href: string; label: string };
  /** The way to stop unsolicited mails, after the main link. */
  footer?: { line: string; label: string; href: string } | undefined;
}

/** The event's values, already formatted for the recipient's language. */
interface Vars {
  app: string;
  name: string;
  enabled: boolean;
  months: string;
  graceDays: number;
  pausedUntil: string;
  daysLeft: number;
  endsAt: string;
  releaseAt: string;
  releaseAfter: string;
  title: string;
  accepted: boolean;
  /** Early requests the change cancelled (switch_changed). */
  cancelled: number;
  /** Why a request was cancelled (request_cancelled). */
  reason: string;
  /** The owner as a next of kin knows them: «name», or their address when they gave no name. */
  owner: string;
  /** The sender as a stranger should see them: «name» (address), or the address alone. */
  sender: string;
}

type Step = (v: Vars) => { subject: string; lines: string[]; label: string };

interface Texts {
  defaultName: string;
  /** The sender when their account is gone. */
  someone: (app: string) => string;
  /** How a user-typed name or title is quoted in a sentence. */
  quote: (s: string) => string;
  /** The last paragraph of an invitation or transfer offer, before the link to stop them. */
  optOut: (app: string) => string;
  optOutLabel: string;
  steps: Record<string, Step>;
}

const TEXTS: Localized<Texts> = {
  en: {
    defaultName: 'Your next of kin',
    someone: (app) => `A ${app} user`,
    quote: (s) => `«${s}»`,
    optOut: (app) =>
      `Not expecting this? You can stop e-mails from this person, or all invitations and transfer offers from ${app}, with the link below.`,
    optOutLabel: 'Stop these e-mails',
    steps: {
      switch_changed: (v) => ({
        subject: `[${v.app}] Your inactivity switch was changed`,
        lines: [
          v.enabled
            ? `Your inactivity switch is on: after ${v.months} months without activity and a grace period of ${plural('en', v.graceDays, { one: '# day', other: '# days' })}, your chosen assets are released to your next of kin.`
            : 'Your inactivity switch is off: nothing will be released.',
          ...(v.enabled && v.pausedUntil
            ? [`It is paused until ${v.pausedUntil}: nothing will be released before then.`]
            : []),
          ...(v.cancelled
            ? ['The waiting early access request was cancelled, and the person who asked was told.']
            : []),
          'If you did not make this change, sign in and check your settings now.',
        ],
        label: 'Open your next of kin settings',
      }),
      invited: (v) => ({
        subject: `[${v.app}] You have been named as a next of kin`,
        lines: [
          `${v.sender} named you as their next of kin on ${v.app}. If you accept, you may receive access to assets they chose for you when they can no longer manage them.`,
          'Open the link to accept or decline within 30 days. You can create an account with this address if you have none.',
        ],
        label: 'Answer the invitation',
      }),
      answered: (v) => {
        const verb = v.accepted ? 'accepted' : 'declined';
        return {
          subject: `[${v.app}] ${v.name} ${verb} your invitation`,
          lines: [`${v.name} ${verb} your invitation to be your next of kin.`],
          label: 'Open your next of kin settings',
        };
      },
      reminder: (v) => ({
        subject: `[${v.app}] Are you still there? ${plural('en', v.daysLeft, { one: '# day left', other: '# days left' })}`,
        lines: [
          `Your inactivity switch ends in ${plural('en', v.daysLeft, { one: '# day', other: '# days' })}, on ${v.endsAt}. Then, after the grace period, your chosen assets are released to your next of kin.`,
          'Sign in or open the link and press "I am still here" to start the period again.',
        ],
        label: 'I am still here',
      }),
      final_notice: (v) => ({
        subject: `[${v.app}] Final notice: your legacy will be released on ${v.releaseAt}`,
        lines: [
          `Your inactivity period has ended. Unless you sign in before ${v.releaseAt}, your chosen assets are released to your next of kin.`,
        ],
        label: 'I am still here',
      }),
      pause_ended: (v) => ({
        subject: `[${v.app}] Your inactivity switch is running again`,
        lines: ['The pause you set has ended; the inactivity period starts again from today.'],
        label: 'Open your next of kin settings',
      }),
      early_request: (v) => ({
        subject: `[${v.app}] ${v.name} asked for access to your legacy`,
        lines: [
          `${v.name} asked for access before your inactivity period ends. Unless you refuse by ${v.releaseAfter}, your chosen assets are released.`,
        ],
        label: 'Review the request',
      }),
      request_refused: (v) => ({
        subject: `[${v.app}] You refused an early access request`,
        lines: ['You refused an early request for access to your legacy. Nothing was released.'],
        label: 'Open your next of kin settings',
      }),
      request_cancelled: (v) => ({
        subject: `[${v.app}] Your early access request was cancelled`,
        lines:
          v.reason === 'paused'
            ? [
                `${v.owner} paused their inactivity switch until ${v.pausedUntil}, so nothing will be released before then and your early access request was cancelled.`,
                'You can ask again after the pause, from your Legacy page.',
              ]
            : [
                `${v.owner} switched off their inactivity switch, so nothing will be released and your early access request was cancelled.`,
                'If they switch it on again, you can ask again from your Legacy page.',
              ],
        label: 'Open your legacy page',
      }),
      released: (v) => ({
        subject: `[${v.app}] Your legacy was released`,
        lines: ['Your chosen assets were released to your next of kin.'],
        label: 'Open your next of kin settings',
      }),
      release_notice: (v) => ({
        subject: `[${v.app}] Assets were left to you`,
        lines: [
          `A ${v.app} user who named you as their next of kin has left you access to assets and a message.`,
          'Sign in with this e-mail address to see them.',
        ],
        label: 'Open your legacy page',
      }),
      transfer_offered: (v) => ({
        subject: `[${v.app}] An asset is being transferred to you`,
        lines: [
          `${v.sender} wants to transfer the ownership of ${v.title} to you on ${v.app}.`,
          'Sign in (or create an account) with this e-mail address to see the offer and accept it. Until you accept, the asset stays theirs.',
        ],
        label: 'See the transfer',
      }),
      transfer_accepted: (v) => ({
        subject: `[${v.app}] Your asset has a new owner`,
        lines: [`The transfer of your asset ${v.title} was accepted.`],
        label: 'Open your assets',
      }),
    },
  },
  fr: {
    defaultName: 'Votre proche',
    someone: (app) => `Un utilisateur de ${app}`,
    quote: (s) => `« ${s} »`,
    optOut: (app) =>
      `Vous ne vous y attendiez pas ? Avec le lien ci-dessous, vous pouvez ne plus recevoir d’e-mails de cette personne, ou plus aucune invitation ni offre de transfert de ${app}.`,
    optOutLabel: 'Ne plus recevoir ces e-mails',
    steps: {
      switch_changed: (v) => ({
        subject: `[${v.app}] Votre interrupteur d’inactivité a été modifié`,
        lines: [
          v.enabled
            ? `Votre interrupteur d’inactivité est activé : après ${v.months} mois sans activité et un délai de grâce de ${plural('fr', v.graceDays, { one: '# jour', other: '# jours' })}, les biens que vous avez choisis seront transmis à vos proches.`
            : 'Votre interrupteur d’inactivité est désactivé : rien ne sera transmis.',
          ...(v.enabled && v.pausedUntil
            ? [`Il est en pause jusqu’au ${v.pausedUntil} : rien ne sera transmis d’ici là.`]
            : []),
          ...(v.cancelled
            ? ['La demande d’accès anticipé en attente a été annulée, et la personne qui l’avait faite a été prévenue.']
            : []),
          'Si vous n’êtes pas à l’origine de ce changement, connectez-vous et vérifiez vos réglages dès maintenant.',
        ],
        label: 'Ouvrir vos réglages de proches',
      }),
      invited: (v) => ({
        subject: `[${v.app}] Vous avez été désigné comme proche`,
        lines: [
          `${v.sender} vous a désigné comme proche sur ${v.app}. Si vous acceptez, vous pourrez recevoir l’accès aux biens qui vous sont destinés, le jour où cette personne ne pourra plus s’en occuper.`,
          'Ouvrez le lien pour accepter ou refuser dans les 30 jours. Vous pouvez créer un compte avec cette adresse si vous n’en avez pas.',
        ],
        label: 'Répondre à l’invitation',
      }),
      answered: (v) => ({
        subject: `[${v.app}] ${v.name} a ${v.accepted ? 'accepté' : 'refusé'} votre invitation`,
        lines: [`${v.name} a ${v.accepted ? 'accepté' : 'refusé'} votre invitation à devenir votre proche.`],
        label: 'Ouvrir vos réglages de proches',
      }),
      reminder: (v) => ({
        subject: `[${v.app}] Êtes-vous toujours là ? ${plural('fr', v.daysLeft, { one: 'Plus qu’un jour', other: 'Plus que # jours' })}`,
        lines: [
          `Votre interrupteur d’inactivité arrive à échéance dans ${plural('fr', v.daysLeft, { one: '# jour', other: '# jours' })}, le ${v.endsAt}. Ensuite, passé le délai de grâce, les biens que vous avez choisis seront transmis à vos proches.`,
          'Connectez-vous ou ouvrez le lien et appuyez sur « Je suis toujours là » pour relancer la période.',
        ],
        label: 'Je suis toujours là',
      }),
      final_notice: (v) => ({
        subject: `[${v.app}] Dernier avis : votre héritage sera transmis le ${v.releaseAt}`,
        lines: [
          `Votre période d’inactivité est terminée. Si vous ne vous connectez pas avant le ${v.releaseAt}, les biens que vous avez choisis seront transmis à vos proches.`,
        ],
        label: 'Je suis toujours là',
      }),
      pause_ended: (v) => ({
        subject: `[${v.app}] Votre interrupteur d’inactivité est de nouveau actif`,
        lines: ['La pause que vous aviez programmée est terminée ; la période d’inactivité repart d’aujourd’hui.'],
        label: 'Ouvrir vos réglages de proches',
      }),
      early_request: (v) => ({
        subject: `[${v.app}] ${v.name} demande l’accès à votre héritage`,
        lines: [
          `${v.name} a demandé l’accès avant la fin de votre période d’inactivité. Sauf refus de votre part d’ici le ${v.releaseAfter}, les biens que vous avez choisis seront transmis.`,
        ],
        label: 'Examiner la demande',
      }),
      request_refused: (v) => ({
        subject: `[${v.app}] Vous avez refusé une demande d’accès anticipé`,
        lines: ['Vous avez refusé une demande d’accès anticipé à votre héritage. Rien n’a été transmis.'],
        label: 'Ouvrir vos réglages de proches',
      }),
      request_cancelled: (v) => ({
        subject: `[${v.app}] Votre demande d’accès anticipé a été annulée`,
        lines:
          v.reason === 'paused'
            ? [
                `${v.owner} a mis son interrupteur d’inactivité en pause jusqu’au ${v.pausedUntil} : rien ne sera transmis d’ici là et votre demande d’accès anticipé a été annulée.`,
                'Vous pourrez redemander l’accès après la pause, depuis votre page d’héritage.',
              ]
            : [
                `${v.owner} a désactivé son interrupteur d’inactivité : rien ne sera transmis et votre demande d’accès anticipé a été annulée.`,
                'S’il est réactivé, vous pourrez redemander l’accès depuis votre page d’héritage.',
              ],
        label: 'Ouvrir votre page d’héritage',
      }),
      released: (v) => ({
        subject: `[${v.app}] Votre héritage a été transmis`,
        lines: ['Les biens que vous avez choisis ont été transmis à vos proches.'],
        label: 'Ouvrir vos réglages de proches',
      }),
      release_notice: (v) => ({
        subject: `[${v.app}] Des biens vous ont été transmis`,
        lines: [
          `Un utilisateur de ${v.app} qui vous avait désigné comme proche vous a laissé l’accès à des biens et un message.`,
          'Connectez-vous avec cette adresse e-mail pour les consulter.',
        ],
        label: 'Ouvrir votre page d’héritage',
      }),
      transfer_offered: (v) => ({
        subject: `[${v.app}] Un bien vous est transféré`,
        lines: [
          `${v.sender} souhaite vous transférer la propriété de ${v.title} sur ${v.app}.`,
          'Connectez-vous (ou créez un compte) avec cette adresse e-mail pour voir l’offre et l’accepter. Tant que vous n’avez pas accepté, le bien reste le sien.',
        ],
        label: 'Voir le transfert',
      }),
      transfer_accepted: (v) => ({
        subject: `[${v.app}] Votre bien a un nouveau propriétaire`,
        lines: [`Le transfert de votre bien ${v.title} a été accepté.`],
        label: 'Ouvrir vos biens',
      }),
    },
  },
};

function message(to: string, mail: Mail, language: Language): MailMessage {
  const { lines, link, footer } = mail;
  const text = [
    ...lines,
    `${link.label}: ${link.href}`,
    ...(footer ? [footer.line, `${footer.label}: ${footer.href}`] : []),
  ];
  return {
    to,
    subject: mail.subject,
    text: `${text.join('\n\n')}\n`,
    html:
      `<div lang="${language}">` +
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` +
      (footer
        ? `<p style="font-size:small">${escapeHtml(footer.line)} <a href="${escapeHtml(footer.href)}">${escapeHtml(footer.label)}</a></p>`
        : '') +
      '</div>',
    link: link.href,
  };
}

/** Where each step's button leads. */
function target(e: LegacyEvent, siteUrl: string): string | undefined {
  switch (e.kind) {
    case 'invited':
      return e.mail_secret ? `${siteUrl}/nok/accept?token=${encodeURIComponent(e.mail_secret)}` : undefined;
    case 'transfer_offered':
      return typeof e.detail.transfer_id === 'string'
        ? `${siteUrl}/transfers/${encodeURIComponent(e.detail.transfer_id)}`
        : `${siteUrl}/legacy`;
    case 'release_notice':
    case 'request_cancelled':
      return `${siteUrl}/legacy`;
    case 'transfer_accepted':
      return `${siteUrl}/assets`;
    default:
      return `${siteUrl}/nok`;
  }
}

export interface LegacyMailOptions {
  /** The link where the recipient stops invitations and transfer offers (mail-preferences). */
  optOutUrl?: string;
}

/** The mail for one step in `language`, or undefined for a kind that is only logged. */
export function legacyMail(
  e: LegacyEvent,
  app: string,
  siteUrl: string,
  language: Language = 'en',
  options: LegacyMailOptions = {},
): MailMessage | undefined {
  const texts = TEXTS[language];
  const key = e.kind === 'accepted' || e.kind === 'declined' ? 'answered' : e.kind;
  const step = texts.steps[key];
  const href = target(e, siteUrl);
  if (!step || !href) return undefined;
  const d = e.detail;
  const ownerName = cleanSenderName(e.owner_name);
  const ownerEmail = e.owner_email || texts.someone(app);
  const rawTitle = typeof d.title === 'string' ? d.title : '';
  // A title goes to a stranger only in a transfer offer: there it is cleaned like a name.
  const title = e.kind === 'transfer_offered' ? (cleanSenderName(rawTitle) ?? '') : rawTitle;
  const { subject, lines, label } = step({
    app,
    name: typeof d.name === 'string' ? d.name : texts.defaultName,
    enabled: Boolean(d.enabled),
    months: String(d.period_months),
    graceDays: Number(d.grace_days),
    pausedUntil: d.paused_until ? day(d.paused_until, language) : '',
    daysLeft: Number(d.days_left),
    endsAt: day(d.ends_at, language),
    releaseAt: day(d.release_at, language),
    releaseAfter: day(d.release_after, language),
    title: texts.quote(title),
    accepted: e.kind === 'accepted',
    cancelled: typeof d.cancelled_requests === 'number' ? d.cancelled_requests : 0,
    reason: typeof d.reason === 'string' ? d.reason : '',
    owner: ownerName ? texts.quote(ownerName) : ownerEmail,
    sender: ownerName && e.owner_email ? `${texts.quote(ownerName)} (${ownerEmail})` : ownerEmail,
  });
  const footer =
    options.optOutUrl && (UNSOLICITED_KINDS as readonly string[]).includes(e.kind)
      ? { line: texts.optOut(app), label: texts.optOutLabel, href: options.optOutUrl }
      : undefined;
  return message(e.recipient_email, { subject, lines, link: { href, label }, footer }, language);
}
