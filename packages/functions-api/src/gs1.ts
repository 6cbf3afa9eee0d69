// GS1 identifiers as both sides read them (decision 0140): GTINs in their 14-digit form with the
// check digit verified first, and GS1 Digital Link URIs — the web address a GS1 QR code carries —
// read as the standard's URI syntax writes them (GS1 Digital Link 1.2, uncompressed form):
//
//   [scheme://domain[/path]]/{primary key AI}/{value}[/{qualifier AI}/{value}…][?{attributes}]
//
// A GTIN (AI 01) may be followed, in this order only, by a consumer product variant (22), a batch
// or lot (10) and a serial (21); or, instead, by a third-party controlled serial (235). Values are
// percent-encoded where a URI needs it. The query string carries data attributes (an expiry date
// 17=…, a weight 3103=…) and keys outside GS1 (linkType=…), separated by & or ;. The database
// checks the same GTIN rules (private.gtin14, private.gtin_check_digit_ok).

/** The 14-digit form of a GTIN-8, -12, -13 or -14 (zeros on the left); null for anything else. */
export function gtin14(value: string): string | null {
  return /^(\d{8}|\d{12,14})$/.test(value) ? value.padStart(14, '0') : null;
}

/**
 * GS1 check digit: from the right of the body, digits weigh 3, 1, 3, …; the last digit makes the
 * weighted sum a multiple of ten. The same for GTIN-8, -12, -13 and -14.
 */
export function gtinCheckDigitOk(gtin: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(gtin)) return false;
  const body = gtin.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * ((body.length - 1 - i) % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(gtin.at(-1));
}

/**
 * The primary keys of GS1 Digital Link besides the GTIN, by Application Identifier. This server
 * checks products by GTIN and serial only; a link with one of these keys is answered as not
 * supported here, never as a copy.
 */
export const OTHER_PRIMARY_KEYS = [
  '00', // SSCC, a logistic unit
  '253', // GDTI, a document
  '255', // GCN, a coupon
  '401', // GINC, a consignment
  '402', // GSIN, a shipment
  '414', // GLN, a physical location
  '417', // party GLN, an organisation
  '8003', // GRAI, a returnable asset
  '8004', // GIAI, an individual asset
  '8006', // ITIP, a piece of a trade item
  '8010', // CPID, a component or part
  '8013', // GMN, a model
  '8017', // GSRN, a service provider
  '8018', // GSRN, a service recipient
] as const;
export type OtherPrimaryKey = (typeof OTHER_PRIMARY_KEYS)[number];

/** Every primary key AI, GTIN first: the first path segment of a GS1 Digital Link on this server. */
export const PRIMARY_KEYS: readonly string[] = ['01', ...OTHER_PRIMARY_KEYS];

/** The 82 characters GS1 allows in alphanumeric values such as serials and lots (after decoding). */
const GS1_CHARS = /^[A-Za-z0-9!"%&'()*+,\-./:;<=>?_]+$/;

/** What a serial may be on this server: GS1's characters, up to 64 (our own labels use up to 64). */
export const MAX_LINK_SERIAL = 64;

export type DigitalLink =
  | {
      kind: 'gtin';
      /** 14 digits, check digit verified. */
      gtin: string;
      variant: string | null;
      lot: string | null;
      serial: string | null;
      /** Data attributes of the query string by AI (17 → expiry date, …); other keys left out. */
      attributes: Record<string, string>;
    }
  /** The number after /01/ is not a GTIN: wrong length or a wrong check digit. */
  | { kind: 'invalid_gtin'; value: string }
  /** A primary key or qualifier of the standard that this server does not check. */
  | { kind: 'unsupported'; key: OtherPrimaryKey | '235' }
  /** Not a GS1 Digital Link at all, or one that breaks the standard's syntax. */
  | { kind: 'invalid' };

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** GTIN qualifiers in the only order the standard allows, with each value's length limit. */
const GTIN_QUALIFIERS = [
  { ai: '22', field: 'variant', max: 20 },
  { ai: '10', field: 'lot', max: 20 },
  { ai: '21', field: 'serial', max: MAX_LINK_SERIAL },
] as const;

/**
 * Reads a GS1 Digital Link: an absolute http(s) URI on any domain (a label may name GS1's resolver
 * id.gs1.org or a brand's own site, with a path of its own before the primary key), or a path with
 * its query string as this server receives it.
 */
export function parseDigitalLink(input: string): DigitalLink {
  // scheme://authority, then the path and the query string (the fragment is the reader's own).
  const parts = /^(?:https?:\/\/[^/?#]+)?(\/[^?#]*)?(\?[^#]*)?(?:#.*)?$/i.exec(input);
  if (!parts?.[1]) return { kind: 'invalid' };
  const pathname = parts[1];
  const search = parts[2] ?? '';

  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  const start = segments.findIndex((s) => PRIMARY_KEYS.includes(s));
  if (start === -1 || start + 1 >= segments.length) return { kind: 'invalid' };
  const key = segments[start]!;
  const rest = segments.slice(start + 1);
  if (rest.some((s) => s === '')) return { kind: 'invalid' };
  if (key !== '01') return { kind: 'unsupported', key: key as OtherPrimaryKey };

  const value = decodeSegment(rest[0]!);
  if (value === null) return { kind: 'invalid' };
  const gtin = gtin14(value);
  if (!gtin || !gtinCheckDigitOk(gtin)) return { kind: 'invalid_gtin', value };

  const pairs = rest.slice(1);
  if (pairs.length % 2 !== 0) return { kind: 'invalid' };
  const found: Record<'variant' | 'lot' | 'serial', string | null> = { variant: null, lot: null, serial: null };
  let next = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    const ai = pairs[i]!;
    const raw = decodeSegment(pairs[i + 1]!);
    if (raw === null) return { kind: 'invalid' };
    // A third-party controlled serial replaces every other qualifier (the UPUI path /01/…/235/…).
    if (ai === '235' && pairs.length === 2)
      return GS1_CHARS.test(raw) ? { kind: 'unsupported', key: '235' } : { kind: 'invalid' };
    const at = GTIN_QUALIFIERS.findIndex((q) => q.ai === ai);
    if (at < next) return { kind: 'invalid' };
    const qualifier = GTIN_QUALIFIERS[at]!;
    if (!GS1_CHARS.test(raw) || raw.length > qualifier.max) return { kind: 'invalid' };
    found[qualifier.field] = raw;
    next = at + 1;
  }

  const attributes: Record<string, string> = {};
  for (const part of search.replace(/^\?/, '').split(/[&;]/)) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = decodeSegment(eq === -1 ? part : part.slice(0, eq));
    const val = decodeSegment(eq === -1 ? '' : part.slice(eq + 1).replace(/\+/g, ' '));
    if (name === null || val === null) return { kind: 'invalid' };
    if (/^\d{2,4}$/.test(name)) attributes[name] = val;
  }
  return { kind: 'gtin', gtin, ...found, attributes };
}

/** The path of a unit's label on this server: /01/{14-digit GTIN}/21/{serial}, percent-encoded. */
export function digitalLinkPath(gtin: string, serial: string): string {
  return `/01/${gtin14(gtin) ?? gtin}/21/${encodeURIComponent(serial)}`;
}
