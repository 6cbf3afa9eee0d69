// Formatting shared by every screen, in the reader's language (lib/i18n/format.ts).
import { formatNumber, numberFormat } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';

/** Decimals of a currency's minor unit: 2 for GBP or NGN, 0 for XAF and XOF (which have none). */
export function minorDigits(currency: string): number {
  return (
    numberFormat({ style: 'currency', currency: currency.toUpperCase() }, 'en').resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * An amount in the currency's minor unit (pence; whole francs for XAF) as a price, e.g.
 * formatMoney(1250, 'gbp') → '£12.50' (French: '12,50 £'), formatMoney(750, 'xaf') → 'FCFA 750'.
 */
export function formatMoney(minor: number, currency: string): string {
  return numberFormat({ style: 'currency', currency: currency.toUpperCase() }).format(
    minor / 10 ** minorDigits(currency),
  );
}

/** A count in the reader's language: formatCount(1250) → '1,250' (French: '1 250'). */
export function formatCount(n: number): string {
  return numberFormat().format(n);
}

/**
 * A token amount, the one way the app writes TMT: formatTmt(1250) → '1,250 TMT'. `signed` writes
 * movements: '+50 TMT', '−20 TMT' (a typographic minus). TMT is the token's symbol and is not translated.
 */
export function formatTmt(amount: number, opts: { signed?: boolean } = {}): string {
  const n = formatCount(Math.abs(amount));
  if (!opts.signed) return `${amount < 0 ? '-' : ''}${n} TMT`;
  return `${amount < 0 ? '−' : '+'}${n} TMT`;
}

/** A file size: "134 B", "12 KB", "1.5 MB" (French: "134 o", "12 Ko", "1,5 Mo"). */
export function formatBytes(n: number): string {
  if (n < 1024) return i18n._('{size} B', { size: formatNumber(n) });
  if (n < 1024 * 1024) return i18n._('{size} KB', { size: formatNumber(Math.round(n / 1024)) });
  return i18n._('{size} MB', {
    size: formatNumber(n / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
}
