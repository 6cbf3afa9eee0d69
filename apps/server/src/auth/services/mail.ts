// The auth service's e-mails: sign-up confirmation, password recovery, magic link, e-mail
// change and reauthentication. Each has a plain-text and an HTML body, the link (logged in
// outbox mode) and the 6-digit code. Link targets follow issue 2 "Mail". Each is written in the
// recipient's language (shared/language.ts); the sign-up confirmation uses the language the
// visitor signed up in, which the database stored with the new account.
import type { AppContext } from '../../shared/context.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { languageOfEmail, type Language, type Localized } from '../../shared/language.js';
import { verifyActionLink, withQuery } from './otp.js';
import { resolveRedirect } from './redirect.js';

interface Template {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

/** A mail's texts in each language, for the app's name. */
type Wording = (app: string) => Localized<Template>;

/** The mails with a link (and the same code): where it leads depends on the mail. */
type LinkMail = (ctx: AppContext, to: string, tokenHash: string, code: string, redirectTo: unknown) => Promise<void>;

const YOUR_CODE: Localized<string> = { en: 'Your code:', fr: 'Votre code :' };

/** The sign-up confirmation. */
const CONFIRMATION: Wording = (app) => ({
  en: {
    subject: `Confirm your ${app} account`,
    intro: `Thanks for signing up for ${app}. Please confirm your e-mail address to activate your account.`,
    action: 'Confirm your e-mail address',
    outro: 'If you did not sign up, you can ignore this message.',
  },
  fr: {
    subject: `Confirmez votre compte ${app}`,
    intro: `Merci de vous être inscrit sur ${app}. Confirmez votre adresse e-mail pour activer votre compte.`,
    action: 'Confirmer mon adresse e-mail',
    outro: 'Si vous ne vous êtes pas inscrit, ignorez simplement ce message.',
  },
});

/** Password recovery. */
const RECOVERY: Wording = (app) => ({
  en: {
    subject: `Reset your ${app} password`,
    intro: `Someone asked to reset the password of your ${app} account.`,
    action: 'Choose a new password',
    outro: 'If you did not ask for this, you can ignore this message; your password stays the same.',
  },
  fr: {
    subject: `Réinitialisez votre mot de passe ${app}`,
    intro: `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${app}.`,
    action: 'Choisir un nouveau mot de passe',
    outro: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message ; votre mot de passe reste le même.',
  },
});

/** A sign-in link. */
const MAGIC_LINK: Wording = (app) => ({
  en: {
    subject: `Your ${app} sign-in link`,
    intro: `Use this link to sign in to ${app}.`,
    action: `Sign in to ${app}`,
    outro: 'If you did not ask for this, you can ignore this message.',
  },
  fr: {
    subject: `Votre lien de connexion ${app}`,
    intro: `Utilisez ce lien pour vous connecter à ${app}.`,
    action: `Me connecter à ${app}`,
    outro: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
  },
});

/** A code to confirm a sensitive change (no link). */
const REAUTHENTICATION: Wording = (app) => ({
  en: {
    subject: `Your ${app} confirmation code`,
    intro: `Enter this code to confirm a sensitive change to your ${app} account.`,
    action: '',
    outro: 'If you did not ask for this, consider changing your password.',
  },
  fr: {
    subject: `Votre code de confirmation ${app}`,
    intro: `Saisissez ce code pour confirmer une modification sensible de votre compte ${app}.`,
    action: '',
    outro: 'Si vous n’êtes pas à l’origine de cette demande, pensez à changer votre mot de passe.',
  },
});

/** An invitation to create an account. */
const INVITE: Wording = (app) => ({
  en: {
    subject: `You have been invited to ${app}`,
    intro: `You have been invited to create an account on ${app}.`,
    action: 'Accept the invitation',
    outro: 'If you were not expecting this, you can ignore this message.',
  },
  fr: {
    subject: `Vous êtes invité sur ${app}`,
    intro: `Vous êtes invité à créer un compte sur ${app}.`,
    action: 'Accepter l’invitation',
    outro: 'Si vous ne vous y attendiez pas, ignorez simplement ce message.',
  },
});

/** An e-mail change, sent to the new address. */
const emailChange =
  (newEmail: string): Wording =>
  (app) => ({
    en: {
      subject: `Confirm the e-mail change of your ${app} account`,
      intro: `Please confirm changing the e-mail address of your ${app} account to ${newEmail}.`,
      action: 'Confirm the e-mail change',
      outro: 'If you did not ask for this, ignore this message and consider changing your password.',
    },
    fr: {
      subject: `Confirmez le changement d’e-mail de votre compte ${app}`,
      intro: `Confirmez le remplacement de l’adresse e-mail de votre compte ${app} par ${newEmail}.`,
      action: 'Confirmer le changement d’e-mail',
      outro:
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message et pensez à changer votre mot de passe.',
    },
  });

async function send(
  ctx: AppContext,
  to: string,
  wording: Wording,
  link: string | undefined,
  code: string,
): Promise<void> {
  const app = ctx.config.appName;
  const language: Language = await languageOfEmail(ctx.db, to);
  const t = wording(app)[language];
  const text = [
    t.intro,
    '',
    ...(link ? [`${t.action}${language === 'fr' ? ' :' : ':'}`, link, ''] : []),
    `${YOUR_CODE[language]} ${code}`,
    '',
    t.outro,
    '',
    `— ${app}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h2>${escapeHtml(app)}</h2>
<p>${escapeHtml(t.intro)}</p>
${link ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t.action)}</a></p>` : ''}
<p>${YOUR_CODE[language]} <strong style="font-size:1.2em;letter-spacing:2px">${code}</strong></p>
<p style="color:#555">${escapeHtml(t.outro)}</p>
</body></html>`;
  await ctx.mailer.send({ to, subject: t.subject, text, html, ...(link ? { link } : {}) });
}

/** The server's verify link, which then goes to redirect_to (or the site). */
function siteVerifyLink(ctx: AppContext, tokenHash: string, type: string, redirectTo: unknown): string {
  return verifyActionLink(ctx.config.publicUrl, tokenHash, type, resolveRedirect(ctx, redirectTo, ctx.config.siteUrl));
}

/** Links to the sign-up's emailRedirectTo (or SITE_URL/auth/callback) with token_hash and type=signup. */
export function confirmationLink(ctx: AppContext, tokenHash: string, redirectTo: unknown): string {
  const target = resolveRedirect(ctx, redirectTo, `${ctx.config.siteUrl}/auth/callback`);
  return withQuery(target, { token_hash: tokenHash, type: 'signup' });
}

export const sendConfirmation: LinkMail = (ctx, to, tokenHash, code, redirectTo) =>
  send(ctx, to, CONFIRMATION, confirmationLink(ctx, tokenHash, redirectTo), code);

export const sendRecovery: LinkMail = (ctx, to, tokenHash, code, redirectTo) => {
  const target = resolveRedirect(ctx, redirectTo, `${ctx.config.siteUrl}/reset-password`);
  return send(ctx, to, RECOVERY, withQuery(target, { token: tokenHash, type: 'recovery' }), code);
};

export const sendMagicLink: LinkMail = (ctx, to, tokenHash, code, redirectTo) =>
  send(ctx, to, MAGIC_LINK, siteVerifyLink(ctx, tokenHash, 'magiclink', redirectTo), code);

export const sendInvite: LinkMail = (ctx, to, tokenHash, code, redirectTo) =>
  send(ctx, to, INVITE, siteVerifyLink(ctx, tokenHash, 'invite', redirectTo), code);

export function sendEmailChange(
  ctx: AppContext,
  to: string,
  newEmail: string,
  tokenHash: string,
  code: string,
  redirectTo: unknown,
): Promise<void> {
  return send(ctx, to, emailChange(newEmail), siteVerifyLink(ctx, tokenHash, 'email_change', redirectTo), code);
}

export function sendReauthentication(ctx: AppContext, to: string, code: string): Promise<void> {
  return send(ctx, to, REAUTHENTICATION, undefined, code);
}
