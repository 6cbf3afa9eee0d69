// The mail a person gets when an admin decides their request for a business account (issue 28
// item 4), in their language (shared/language.ts). Approved: what they can do now and a link to the
// business dashboard. Rejected: that it was declined, with the admin's note when there is one (the
// only text an admin typed; escaped in the HTML body).
import { escapeHtml } from '../shared/escape-html.js';
import type { Language, Localized } from '../shared/language.js';
import type { MailMessage } from '../shared/mailer.js';

interface Texts {
  subject: string;
  lines: string[];
  action: string;
}

type Decision = { approved: true } | { approved: false; note: string | null };

const TEXTS: Localized<(app: string, d: Decision) => Texts> = {
  en: (app, d) =>
    d.approved
      ? {
          subject: `[${app}] Your business account is approved`,
          lines: [
            `Your request for a business account on ${app} was approved.`,
            'You can now add your product lines and their serialized units, print their QR labels and follow their scans. Sign in again if you were signed in when the request was approved.',
          ],
          action: 'Open your business dashboard',
        }
      : {
          subject: `[${app}] Your business account request was declined`,
          lines: [
            `An administrator of ${app} reviewed your request for a business account and declined it.`,
            ...(d.note ? [`Their note: ${d.note}`] : []),
            'You can send a new request, with more about your business, on the business account page.',
          ],
          action: 'Open the business account page',
        },
  fr: (app, d) =>
    d.approved
      ? {
          subject: `[${app}] Votre compte professionnel est validé`,
          lines: [
            `Votre demande de compte professionnel sur ${app} a été acceptée.`,
            'Vous pouvez maintenant ajouter vos gammes de produits et leurs unités numérotées, imprimer leurs étiquettes QR et suivre leurs scans. Reconnectez-vous si vous étiez connecté au moment de la validation.',
          ],
          action: 'Ouvrir votre tableau de bord pro',
        }
      : {
          subject: `[${app}] Votre demande de compte professionnel a été refusée`,
          lines: [
            `Un administrateur de ${app} a examiné votre demande de compte professionnel et l’a refusée.`,
            ...(d.note ? [`Sa note : ${d.note}`] : []),
            'Vous pouvez envoyer une nouvelle demande, en décrivant davantage votre entreprise, sur la page du compte professionnel.',
          ],
          action: 'Ouvrir la page du compte professionnel',
        },
};

export function businessDecisionMail(opts: {
  to: string;
  language: Language;
  app: string;
  siteUrl: string;
  decision: Decision;
}): MailMessage {
  const t = TEXTS[opts.language](opts.app, opts.decision);
  const link = opts.decision.approved ? `${opts.siteUrl}/business-dashboard` : `${opts.siteUrl}/business-upgrade`;
  const colon = opts.language === 'fr' ? ' :' : ':';
  const text = [...t.lines, '', `${t.action}${colon}`, link, '', `— ${opts.app}`].join('\n');
  const html = `<!doctype html><html lang="${opts.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h2>${escapeHtml(opts.app)}</h2>
${t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t.action)}</a></p>
</body></html>`;
  return { to: opts.to, subject: t.subject, text, html, link };
}
