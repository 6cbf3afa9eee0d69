// The app's routes, named: every link and navigation builds its address here (paths.asset(id),
// paths.verify(serial)), so a renamed route is one edit and a typo is a type error. Each address is
// filled from its row of the route table (config/routes.ts); app/route-table.test.ts checks that every one
// leads to a screen of it.

import { digitalLinkPath } from '@tagledger/functions-api';
import { fill, routes } from './routes';

/** The routes without a parameter, by name: paths.faq is '/faq'. */
type Fixed = {
  readonly [
    K in keyof typeof routes as (typeof routes)[K]['path'] extends `${string}:${string}` | `${string}*` ? never : K
  ]: (typeof routes)[K]['path'];
};

const fixed = Object.fromEntries(
  Object.entries(routes)
    .filter(([, r]) => !/[:*]/.test(r.path))
    .map(([name, r]) => [name, r.path]),
) as Fixed;

export const paths = {
  ...fixed,
  /** The "check your e-mail" screen for an address (and whatever else the query carries). */
  checkEmailWith: (query: URLSearchParams | Record<string, string>) =>
    `${routes.checkEmail.path}?${new URLSearchParams(query).toString()}`,
  publicAsset: (id: string) => fill(routes.publicAsset.path, { id }),
  verify: (serialNumber: string) => fill(routes.verify.path, { serialNumber }),
  /** A unit's GS1 Digital Link scan page, as printed on its label: /01/{14-digit GTIN}/21/{serial}. */
  unitScan: (gtin: string, serial: string) => digitalLinkPath(gtin, serial),
  /** A transfer offer's page, the link in its mail. */
  transferOffer: (id: string) => fill(routes.transferOffer.path, { id }),
  /** The tagging screen with a kind chosen. */
  tagKind: (kind: string) => `${routes.tag.path}?kind=${encodeURIComponent(kind)}`,
  asset: (id: string) => fill(routes.asset.path, { id }),
  walletBuyTokens: `${routes.wallet.path}#buy-tokens`,
  contactBlock: (messageId: string) => `${routes.contactBlock.path}?message=${encodeURIComponent(messageId)}`,
  contactReport: (messageId: string) => `${routes.contactReport.path}?message=${encodeURIComponent(messageId)}`,
  businessProduct: (id: string) => fill(routes.businessProduct.path, { id }),
  businessProductEdit: (id: string) => fill(routes.businessProductEdit.path, { id }),
} as const;
