// The photo thumbnail on the certificate: the asset's first photo whose type the server checked
// against the file's signature at upload (JPEG or PNG), decoded, turned upright from its EXIF
// orientation and made small (a phone photo of several MB becomes a JPEG of a few tens of KB), so
// the PDF stays small. Anything else, or a file that does not decode, gets no thumbnail; the
// certificate then shows a neutral placeholder instead of failing.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { getObject } from '../storage/service.js';

/** Types whose bytes the upload check recognises by signature and that we decode for the thumbnail. */
export const THUMBNAIL_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png']);

/** Longest side of the thumbnail in pixels: about 300 dpi when printed at the certificate's photo size. */
export const THUMBNAIL_MAX_PIXELS = 600;

/** Photos with more pixels than this are not decoded (a decompression bomb costs no memory). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface Thumbnail {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

/** A small upright JPEG of the image, or null when the bytes are not a decodable image. */
export async function makeThumbnail(bytes: Buffer): Promise<Thumbnail | null> {
  try {
    // Loaded on first use: the image library is large and only certificates need it.
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation, as a camera meant the picture to be seen
      .resize(THUMBNAIL_MAX_PIXELS, THUMBNAIL_MAX_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // PNG transparency onto the page's white
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    return null;
  }
}

export interface PhotoMedia {
  object_name: string;
  kind: string;
  mime_type: string;
}

/**
 * The thumbnail of the first checked photo of the asset. `hasPhoto` says whether the asset has any
 * photo at all, so the certificate can tell "no photo" from "photo not shown" (e.g. HEIC).
 */
export async function loadCertificatePhoto(
  ctx: AppContext,
  media: readonly PhotoMedia[],
  log: FastifyBaseLogger,
): Promise<{ thumbnail: Thumbnail | null; hasPhoto: boolean }> {
  const photos = media.filter((m) => m.kind === 'photo');
  const first = photos.find((m) => THUMBNAIL_TYPES.has(m.mime_type));
  if (!first) return { thumbnail: null, hasPhoto: photos.length > 0 };
  const object = await getObject(ctx, 'asset-media', first.object_name);
  const thumbnail = object ? await makeThumbnail(object.body) : null;
  if (!thumbnail)
    log.warn(
      { mime: first.mime_type, found: Boolean(object) },
      'certificate photo could not be read; using the placeholder',
    );
  return { thumbnail, hasPhoto: true };
}
