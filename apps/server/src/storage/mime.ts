// Content-type rules for uploads: bucket allow-lists (with wildcards like image/*) and a check of
// the file's first bytes against the declared type for formats with an unmistakable signature, so
// that a file declared image/png that is not a PNG is refused instead of being served as one.

/** "Image/PNG; charset=x" → "image/png". */
export function baseMimeType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** True when the bucket allows the type; null/empty allow-list means everything is allowed. */
export function isMimeAllowed(contentType: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = baseMimeType(contentType);
  const [major] = type.split('/');
  return allowed.some((raw) => {
    const pattern = baseMimeType(raw);
    if (pattern === '*' || pattern === '*/*') return true;
    if (pattern.endsWith('/*')) return pattern.slice(0, -2) === major;
    return pattern === type;
  });
}

/** Bytes needed to decide every signature below. */
export const SNIFF_BYTES = 16;

const ascii = (buf: Buffer, start: number, text: string) =>
  buf.subarray(start, start + text.length).toString('latin1') === text;
const bytes = (buf: Buffer, start: number, sig: readonly number[]) => sig.every((b, i) => buf[start + i] === b);

// ISO base media files (MP4, QuickTime, AVIF, HEIC) start with a box whose type is at offset 4.
const isoBox = (buf: Buffer) => buf.subarray(4, 8).toString('latin1');
const isoBrand = (buf: Buffer) => (isoBox(buf) === 'ftyp' ? buf.subarray(8, 12).toString('latin1') : '');
// Old QuickTime files may start with other atoms than ftyp.
const QUICKTIME_ATOMS = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** Declared types whose first bytes we verify, and how. Other types are accepted as declared. */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (b) => bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => bytes(b, 0, [0xff, 0xd8, 0xff]),
  'image/jpg': (b) => bytes(b, 0, [0xff, 0xd8, 0xff]),
  'image/gif': (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  'image/webp': (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'),
  'image/bmp': (b) => ascii(b, 0, 'BM'),
  'image/avif': (b) => ['avif', 'avis', 'mif1', 'msf1'].includes(isoBrand(b)),
  'image/heic': (b) => ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(isoBrand(b)),
  'image/heif': (b) => ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(isoBrand(b)),
  'application/pdf': (b) => ascii(b, 0, '%PDF-'),
  'video/mp4': (b) => isoBox(b) === 'ftyp',
  'video/quicktime': (b) => QUICKTIME_ATOMS.has(isoBox(b)),
  'video/webm': (b) => bytes(b, 0, [0x1a, 0x45, 0xdf, 0xa3]),
};

/** Raster image types whose signature the first bytes carry (undefined: none of them). */
export function sniffImageType(head: Buffer): string | undefined {
  for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']) {
    if (SIGNATURES[type]!(head)) return type;
  }
  return undefined;
}

/**
 * False when the declared type has a known signature and the first bytes do not carry it. An image
 * declared as another raster image type (a JPEG uploaded as image/png, which Storage stores as
 * declared) passes: it is still an image, which browsers decode by its bytes.
 */
export function matchesSignature(contentType: string, head: Buffer): boolean {
  const type = baseMimeType(contentType);
  const check = SIGNATURES[type];
  if (!check || check(head)) return true;
  return type.startsWith('image/') && sniffImageType(head) !== undefined;
}

// RFC 9110 token characters; a type made of anything else is not one the server can vouch for.
const MIME_TYPE = /^[a-z0-9!#$%&'*+.^_`|~-]+\/[a-z0-9!#$%&'*+.^_`|~-]+$/;

const CHARSET = /;\s*charset\s*=\s*"?([a-z0-9._:-]{1,40})"?\s*(;|$)/i;

/**
 * The type the server checks and stores for an upload: the declared header's type/subtype,
 * lower-cased, parameters dropped — except a text type's charset, kept as `;charset=<name>`
 * (Storage keeps supabase-js's `text/plain;charset=UTF-8`); null when that is not a
 * well-formed type. Browsers read a raw header differently from us (Chromium takes
 * `image/gif;,text/html` as text/html), so only this rebuilt value is ever stored or sent back.
 */
export function checkedMimeType(contentType: string): string | null {
  const type = baseMimeType(contentType);
  if (!MIME_TYPE.test(type)) return null;
  const charset = type.startsWith('text/') ? CHARSET.exec(contentType)?.[1] : undefined;
  return charset ? `${type};charset=${charset}` : type;
}

/** The Content-Type to serve for a stored type (rows written before types were normalised included). */
export function servedMimeType(stored: unknown): string {
  return (typeof stored === 'string' && checkedMimeType(stored)) || 'application/octet-stream';
}

/**
 * Types a browser shows as passive media (no script of the file's own can run): these may be
 * displayed inline; everything else is sent as an attachment. SVG is an image that can carry script.
 */
export function isInlineMedia(type: string): boolean {
  if (type === 'image/svg+xml') return false;
  return (
    type.startsWith('image/') || type.startsWith('video/') || type.startsWith('audio/') || type === 'application/pdf'
  );
}
