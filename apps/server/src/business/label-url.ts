// The URL a unit's label encodes, on this server: the GS1 Digital Link form /01/{gtin}/21/{serial}
// when the product has a GTIN, which any GS1-aware scanner understands, else /verify/{serial}.
// Serials and GTINs are URL-safe by database constraint, so nothing needs escaping.
export type LabelUrlForm = 'digital-link' | 'verify';

export function unitLabelUrl(
  siteUrl: string,
  unit: { gtin: string | null; serial: string },
  form: LabelUrlForm = 'digital-link',
): string {
  if (form === 'digital-link' && unit.gtin) return `${siteUrl}/01/${unit.gtin}/21/${unit.serial}`;
  return `${siteUrl}/verify/${unit.serial}`;
}
