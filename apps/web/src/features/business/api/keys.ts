// Query keys of the business screens, per user so that a sign-out never shows the last user's data.
import type { PageCursor } from '@tagledger/functions-api';

export const businessKeys = {
  all: (uid: string) => ['business', uid] as const,
  profile: (uid: string) => ['business', uid, 'profile'] as const,
  products: (uid: string) => ['business', uid, 'products'] as const,
  productPage: (uid: string, after: PageCursor | null) => ['business', uid, 'products', 'page', after] as const,
  product: (uid: string, id: string) => ['business', uid, 'products', id] as const,
  units: (uid: string, productId: string) => ['business', uid, 'units', productId] as const,
  unitPage: (uid: string, productId: string, prefix: string, after: string | null) =>
    ['business', uid, 'units', productId, 'page', prefix, after] as const,
  unitCount: (uid: string, productId: string) => ['business', uid, 'units', productId, 'count'] as const,
  overview: (uid: string) => ['business', uid, 'overview'] as const,
  analytics: (uid: string, days: number) => ['business', uid, 'analytics', days] as const,
  prefixes: (uid: string) => ['business', uid, 'gs1-prefixes'] as const,
};
