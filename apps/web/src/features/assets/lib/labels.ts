import { numberFormat } from '@/lib/i18n/format';

export function formatMoney(
  value: string | number | null | undefined,
  currency: string | null | undefined,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  try {
    return numberFormat({ style: 'currency', currency: currency || 'GBP' }).format(n);
  } catch {
    return `${n.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

export function shortHash(h: string | null | undefined): string {
  return h ? `${h.slice(0, 10)}…${h.slice(-6)}` : '';
}
