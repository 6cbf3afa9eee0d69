// The product's display name (APP_NAME), used wherever the spec writes {product}.
import { appConfig } from '@/lib/app-config';

export function productName(): string {
  return appConfig.appName || 'TagLedger';
}

/** Where people reach the operator. Derived from the site's own host so no address is invented. */
export function supportEmail(): string {
  const host = typeof window !== 'undefined' ? window.location.hostname : 'localhost';
  const domain = host === 'localhost' || /^[\d.]+$/.test(host) ? 'example.com' : host.replace(/^www\./, '');
  return `support@${domain}`;
}
