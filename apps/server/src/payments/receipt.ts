// The receipt for a paid purchase: the same text in the e-mail and (from the same fields) in
// the wallet. Amount, tokens, date, reference, and the VAT included when RECEIPT_VAT_PERCENT is set.
// Written in the buyer's language (shared/language.ts), with amounts and dates formatted for it.
import { minorDigits } from './money.js';
import type { AppContext } from '../shared/context.js';
import { languageOfUser, type Language, type Localized } from '../shared/language.js';

export interface ReceiptPurchase {
  id: string;
  user_id: string;
  email: string | null;
  package_name: string;
  tokens: string | number;
  amount_minor: string | number;
  currency: string;
  reference: string;
  paid_at: Date | string;
}

const INTL_LOCALE: Localized<string> = { en: 'en-GB', fr: 'fr-FR' };

/** An amount in the currency's minor unit (pence; whole francs for XAF and XOF) as a price. */
export function formatMoney(minor: number, currency: string, language: Language = 'en'): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'currency', currency: currency.toUpperCase() }).format(
    minor / 10 ** minorDigits(currency),
  );
}

/** VAT contained in a VAT-inclusive amount, rounded to the minor unit. */
export function includedVatMinor(amountMinor: number, percent: number): number {
  return Math.round((amountMinor * percent) / (100 + percent));
}

interface ReceiptTexts {
  reference: string;
  date: string;
  package: string;
  tokens: string;
  amountPaid: string;
  vat: (percent: string) => string;
  subject: (app: string, reference: string) => string;
  intro: (tokens: string, app: string) => string;
  wallet: string;
  openWallet: string;
}

const TEXTS: Localized<ReceiptTexts> = {
  en: {
    reference: 'Reference: ',
    date: 'Date: ',
    package: 'Package: ',
    tokens: 'Tokens: ',
    amountPaid: 'Amount paid: ',
    vat: (percent) => `Includes VAT at ${percent}%: `,
    subject: (app, reference) => `Your ${app} receipt ${reference}`,
    intro: (tokens, app) => `Thank you for your purchase. ${tokens} TMT have been added to your ${app} wallet.`,
    wallet: 'Your wallet: ',
    openWallet: 'Open your wallet',
  },
  fr: {
    reference: 'Référence : ',
    date: 'Date : ',
    package: 'Offre : ',
    tokens: 'Jetons : ',
    amountPaid: 'Montant payé : ',
    vat: (percent) => `Dont TVA à ${percent} % : `,
    subject: (app, reference) => `Votre reçu ${app} ${reference}`,
    intro: (tokens, app) => `Merci pour votre achat. ${tokens} TMT ont été ajoutés à votre portefeuille ${app}.`,
    wallet: 'Votre portefeuille : ',
    openWallet: 'Ouvrir mon portefeuille',
  },
};

export function receiptLines(p: ReceiptPurchase, vatPercent: number | undefined, language: Language = 'en'): string[] {
  const t = TEXTS[language];
  const amount = Number(p.amount_minor);
  const lines = [
    `${t.reference}${p.reference}`,
    `${t.date}${new Date(p.paid_at).toISOString().slice(0, 10)}`,
    `${t.package}${p.package_name}`,
    `${t.tokens}${Number(p.tokens).toLocaleString(INTL_LOCALE[language])} TMT`,
    `${t.amountPaid}${formatMoney(amount, p.currency, language)}`,
  ];
  if (vatPercent !== undefined && vatPercent > 0) {
    const percent = vatPercent.toLocaleString(INTL_LOCALE[language]);
    lines.push(`${t.vat(percent)}${formatMoney(includedVatMinor(amount, vatPercent), p.currency, language)}`);
  }
  return lines;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends the receipt for a purchase that has just been credited. */
export async function sendReceipt(ctx: AppContext, purchaseId: string): Promise<void> {
  const { rows } = await ctx.db.query<ReceiptPurchase>(
    `select p.id, p.user_id, u.email, p.package_name, p.tokens, p.amount_minor, p.currency, p.reference, p.paid_at
       from public.token_purchases p join auth.users u on u.id = p.user_id
      where p.id = $1 and p.paid_at is not null`,
    [purchaseId],
  );
  const purchase = rows[0];
  if (!purchase?.email) return;
  const language = await languageOfUser(ctx.db, purchase.user_id);
  const t = TEXTS[language];
  const app = ctx.config.appName;
  const lines = receiptLines(purchase, ctx.config.receiptVatPercent, language);
  const link = `${ctx.config.siteUrl}/wallet`;
  const intro = t.intro(Number(purchase.tokens).toLocaleString(INTL_LOCALE[language]), app);
  await ctx.mailer.send({
    to: purchase.email,
    subject: t.subject(app, purchase.reference),
    text: [intro, '', ...lines, '', `${t.wallet}${link}`].join('\n'),
    html: `<html lang="${language}"><body><p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(link)}">${escapeHtml(t.openWallet)}</a></p></body></html>`,
    link,
  });
}
