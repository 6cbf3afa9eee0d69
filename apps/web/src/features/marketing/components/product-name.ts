// The product's display name (APP_NAME), used wherever the spec writes {product}.
import { appConfig } from '@/lib/app-config';

export function productName(): string {
  return appConfig.appName || 'TagLedger';
}

/**
 * The one contact address. It must equal CONTACT_EMAIL in app/layout/footer.tsx (a feature may not
 * import from app/): the reference product confused users with four different mailboxes.
 */
export const SUPPORT_EMAIL = 'support@tagledger.app';

export function supportEmail(): string {
  return SUPPORT_EMAIL;
}
