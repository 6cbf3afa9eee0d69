// The receipt for a paid purchase: the same text in the e-mail and (from the same fields) in
// the wallet. Amount, tokens, date, reference, and the VAT included when RECEIPT_VAT_PERCENT is set.
import type { AppContext } from '../shared/context.js';

export interface ReceiptPurchase {
  id: string;
  email: string | null;
  package_name: string;
  tokens: string | number;
  amount_minor: string | number;
  currency: string;
  reference: string;
  paid_at: Date | string;
}

export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

/** VAT contained in a VAT-inclusive amount, rounded to the minor unit. */
export function includedVatMinor(amountMinor: number, percent: number): number {
  return Math.round((amountMinor * percent) / (100 + percent));
}

export function receiptLines(p: ReceiptPurchase, vatPercent: number | undefined): string[] {
  const amount = Number(p.amount_minor);
  const lines = [
    `Reference: ${p.reference}`,
    `Date: ${new Date(p.paid_at).toISOString().slice(0, 10)}`,
    `Package: ${p.package_name}`,
    `Tokens: ${Number(p.tokens).toLocaleString('en-GB')} TMT`,
    `Amount paid: ${formatMoney(amount, p.currency)}`,
  ];
  if (vatPercent !== undefined && vatPercent > 0) {
    lines.push(`Includes VAT at ${vatPercent}%: ${formatMoney(includedVatMinor(amount, vatPercent), p.currency)}`);
  }
  return lines;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends the receipt for a purchase that has just been credited. */
export async function sendReceipt(ctx: AppContext, purchaseId: string): Promise<void> {
  const { rows } = await ctx.db.query<ReceiptPurchase>(
    `select p.id, u.email, p.package_name, p.tokens, p.amount_minor, p.currency, p.reference, p.paid_at
       from public.token_purchases p join auth.users u on u.id = p.user_id
      where p.id = $1 and p.paid_at is not null`,
    [purchaseId],
  );
  const purchase = rows[0];
  if (!purchase?.email) return;
  const lines = receiptLines(purchase, ctx.config.receiptVatPercent);
  const link = `${ctx.config.siteUrl}/wallet`;
  const intro = `Thank you for your purchase. ${Number(purchase.tokens).toLocaleString('en-GB')} TMT have been added to your ${ctx.config.appName} wallet.`;
  await ctx.mailer.send({
    to: purchase.email,
    subject: `Your ${ctx.config.appName} receipt ${purchase.reference}`,
    text: [intro, '', ...lines, '', `Your wallet: ${link}`].join('\n'),
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(link)}">Open your wallet</a></p>`,
    link,
  });
}
