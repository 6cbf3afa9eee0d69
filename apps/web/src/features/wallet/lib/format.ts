// Display helpers shared by the wallet screens.
import { format } from 'date-fns';

export function formatTmt(amount: number, opts: { signed?: boolean } = {}): string {
  const n = Math.abs(amount).toLocaleString('en-US');
  if (!opts.signed) return `${amount < 0 ? '-' : ''}${n} TMT`;
  return `${amount < 0 ? '−' : '+'}${n} TMT`;
}

/** "admin_adjustment" → "Admin Adjustment" (the reference showed sources in title case). */
export function sourceLabel(source: string): string {
  return source
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** "Nov 22, 2026 • 2:05 PM" */
export function formatWhen(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy • h:mm a');
}
