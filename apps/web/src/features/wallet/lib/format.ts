import { formatDateTime } from '@/lib/i18n/format';
// Display helpers shared by the wallet screens.

/** "Nov 22, 2026 • 2:05 PM" */
export function formatWhen(iso: string): string {
  return formatDateTime(iso);
}
