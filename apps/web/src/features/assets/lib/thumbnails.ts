// Right-sized images from the storage service's transformations: public asset media URLs
// (/storage/v1/media/<id>?token=…) take width/height/resize in their query string, so a grid
// or a gallery asks for the size it shows instead of the full photo. Other URLs (the owner's
// short-lived signed object URLs) are used as they are.

/** Widths offered to the browser, which picks by the `sizes` of the image and the screen density. */
const THUMB_WIDTHS = [320, 480, 640, 960] as const;
const GALLERY_WIDTHS = [640, 960, 1280, 1920] as const;

export interface ImageSources {
  src: string;
  srcSet?: string;
}

function transformable(url: string): boolean {
  return url.includes('/storage/v1/media/');
}

function withTransform(url: string, params: Record<string, string | number>): string {
  const u = new URL(url, window.location.origin);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, String(v));
  return u.toString();
}

/**
 * A thumbnail's quality (the storage default is 80): a card's picture is small and often the screen's
 * largest paint, and at 60 a 640×360 AVIF of a photo is about 40 % of the bytes at 80 (the server's
 * my-assets function signs its thumbnails the same way; issue 29).
 */
export const THUMB_QUALITY = 60;

/** 16:9 thumbnails cropped to fill their box (cards and grids). */
export function thumbnailSources(url: string): ImageSources {
  if (!transformable(url)) return { src: url };
  const at = (w: number) =>
    withTransform(url, { width: w, height: Math.round((w * 9) / 16), resize: 'cover', quality: THUMB_QUALITY });
  return { src: at(640), srcSet: THUMB_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', ') };
}

/** Whole photos scaled to the gallery's width (never cropped). */
export function gallerySources(url: string): ImageSources {
  if (!transformable(url)) return { src: url };
  const at = (w: number) => withTransform(url, { width: w, resize: 'contain' });
  return { src: at(1280), srcSet: GALLERY_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', ') };
}

/** How wide a card of the asset grids is (one, two or three columns). */
export const GRID_THUMB_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';
