// The URL a unit's label encodes, on this server: the GS1 Digital Link form /01/{gtin}/21/{serial}
// when the product has a GTIN, which any GS1-aware scanner understands, else /verify/{serial}. The
// GTIN is written in its 14 digits, as the standard writes it and the database stores it; serials
// are URL-safe by database constraint, and encoded all the same.
import { digitalLinkPath } from '@tagledger/functions-api';

export type LabelUrlForm = 'digital-link' | 'verify';

export function unitLabelUrl(
  siteUrl: string,
  unit: { gtin: string | null; serial: string },
  form: LabelUrlForm = 'digital-link',
): string {
  if (form === 'digital-link' && unit.gtin) return `${siteUrl}${digitalLinkPath(unit.gtin, unit.serial)}`;
  return `${siteUrl}/verify/${encodeURIComponent(unit.serial)}`;
}
