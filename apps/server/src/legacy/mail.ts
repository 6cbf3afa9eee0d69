// The mails of the legacy journey, one per logged step, in the recipient's language (shared/language.ts;
// an invited next of kin without an account gets the owner's language, the one the owner wrote to them
// in). Subjects and wording are fixed by the product; the only text a user typed that appears is a next
// of kin's name (and an asset's title), in mails to the owner who typed it. Mails to a next of kin never
// carry the owner's message: it is shown on the Legacy page after sign-in.
import type { Language, Localized } from '../shared/language.js';
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
}

/** The event's values, already formatted for the recipient's language. */
interface Vars {
  app: string;
  name: string;
  enabled: boolean;
  months: string;
  graceDays: string;
  pausedUntil: string;
  daysLeft: string;
  endsAt: string;
  releaseAt: string;
  releaseAfter: string;
  title: string;
  accepted: boolean;
}

type Step = (v: Vars) => { subject: string; lines: string[]; label: string };

const TEXTS: Localized<{ defaultName: string; steps: Record<string, Step> }> = {
  en: {
    defaultName: 'Your next of kin',
    steps: {
      switch_changed: (v) => ({
        subject: `[${v.app}] Your inactivity switch was changed`,
        lines: [
          v.enabled
            ? `Your inactivity switch is on: after ${v.months} months without activity and a grace period of ${v.graceDays} days, your chosen assets are released to your next of kin.`
            : 'Your inactivity switch is off: nothing will be released.',
          ...(v.pausedUntil ? [`It is paused until ${v.pausedUntil}.`] : []),
          'If you did not make this change, sign in and check your settings now.',
        ],
        label: 'Open your next of kin settings',
      }),
      invited: (v) => ({
        subject: `[${v.app}] You have been named as a next of kin`,
        lines: [
          `A ${v.app} user has named you as their next of kin. If you accept, you may receive access to assets they chose for you when they can no longer manage them.`,
          'Open the link to accept or decline. You can create an account with this address if you have none.',
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
        subject: `[${v.app}] Are you still there? ${v.daysLeft} days left`,
        lines: [
          `Your inactivity switch ends in ${v.daysLeft} day(s), on ${v.endsAt}. Then, after the grace period, your chosen assets are released to your next of kin.`,
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
          `A ${v.app} user wants to transfer the ownership of an asset to you.`,
          'Sign in (or create an account) with this e-mail address to accept it.',
        ],
        label: 'See the transfer',
      }),
      transfer_accepted: (v) => ({
        subject: `[${v.app}] Your asset has a new owner`,
        lines: [`The transfer of your asset "${v.title}" was accepted.`],
        label: 'Open your assets',
      }),
    },
  },
  fr: {
    defaultName: 'Votre proche',
    steps: {
      switch_changed: (v) => ({
        subject: `[${v.app}] Votre interrupteur d’inactivité a été modifié`,
        lines: [
          v.enabled
            ? `Votre interrupteur d’inactivité est activé : après ${v.months} mois sans activité et un délai de grâce de ${v.graceDays} jours, les biens que vous avez choisis seront transmis à vos proches.`
            : 'Votre interrupteur d’inactivité est désactivé : rien ne sera transmis.',
          ...(v.pausedUntil ? [`Il est en pause jusqu’au ${v.pausedUntil}.`] : []),
          'Si vous n’êtes pas à l’origine de ce changement, connectez-vous et vérifiez vos réglages dès maintenant.',
        ],
        label: 'Ouvrir vos réglages de proches',
      }),
      invited: (v) => ({
        subject: `[${v.app}] Vous avez été désigné comme proche`,
        lines: [
          `Un utilisateur de ${v.app} vous a désigné comme son proche. Si vous acceptez, vous pourrez recevoir l’accès aux biens qu’il vous a destinés, le jour où il ne pourra plus s’en occuper.`,
          'Ouvrez le lien pour accepter ou refuser. Vous pouvez créer un compte avec cette adresse si vous n’en avez pas.',
        ],
        label: 'Répondre à l’invitation',
      }),
      answered: (v) => ({
        subject: `[${v.app}] ${v.name} a ${v.accepted ? 'accepté' : 'refusé'} votre invitation`,
        lines: [`${v.name} a ${v.accepted ? 'accepté' : 'refusé'} votre invitation à devenir votre proche.`],
        label: 'Ouvrir vos réglages de proches',
      }),
      reminder: (v) => ({
        subject: `[${v.app}] Êtes-vous toujours là ? Plus que ${v.daysLeft} jours`,
        lines: [
          `Votre interrupteur d’inactivité arrive à échéance dans ${v.daysLeft} jour(s), le ${v.endsAt}. Ensuite, passé le délai de grâce, les biens que vous avez choisis seront transmis à vos proches.`,
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
          `Un utilisateur de ${v.app} souhaite vous transférer la propriété d’un bien.`,
          'Connectez-vous (ou créez un compte) avec cette adresse e-mail pour l’accepter.',
        ],
        label: 'Voir le transfert',
      }),
      transfer_accepted: (v) => ({
        subject: `[${v.app}] Votre bien a un nouveau propriétaire`,
        lines: [`Le transfert de votre bien « ${v.title} » a été accepté.`],
        label: 'Ouvrir vos biens',
      }),
    },
  },
};

function message(to: string, mail: Mail, language: Language): MailMessage {
  const { lines, link } = mail;
  return {
    to,
    subject: mail.subject,
    text: `${lines.join('\n\n')}\n\n${link.label}: ${link.href}\n`,
    html:
      `<div lang="${language}">` +
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p></div>`,
    link: link.href,
  };
}

/** Where each step's button leads. */
function target(e: LegacyEvent, siteUrl: string): string | undefined {
  switch (e.kind) {
    case 'invited':
      return e.mail_secret ? `${siteUrl}/nok/accept?token=${encodeURIComponent(e.mail_secret)}` : undefined;
    case 'release_notice':
    case 'transfer_offered':
      return `${siteUrl}/legacy`;
    case 'transfer_accepted':
      return `${siteUrl}/assets`;
    default:
      return `${siteUrl}/nok`;
  }
}

/** The mail for one step in `language`, or undefined for a kind that is only logged. */
export function legacyMail(
  e: LegacyEvent,
  app: string,
  siteUrl: string,
  language: Language = 'en',
): MailMessage | undefined {
  const texts = TEXTS[language];
  const key = e.kind === 'accepted' || e.kind === 'declined' ? 'answered' : e.kind;
  const step = texts.steps[key];
  const href = target(e, siteUrl);
  if (!step || !href) return undefined;
  const d = e.detail;
  const { subject, lines, label } = step({
    app,
    name: typeof d.name === 'string' ? d.name : texts.defaultName,
    enabled: Boolean(d.enabled),
    months: String(d.period_months),
    graceDays: String(d.grace_days),
    pausedUntil: d.paused_until ? day(d.paused_until, language) : '',
    daysLeft: String(d.days_left),
    endsAt: day(d.ends_at, language),
    releaseAt: day(d.release_at, language),
    releaseAfter: day(d.release_after, language),
    title: typeof d.title === 'string' ? d.title : '',
    accepted: e.kind === 'accepted',
  });
  return message(e.recipient_email, { subject, lines, link: { href, label } }, language);
}
