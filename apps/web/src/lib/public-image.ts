// Pictures from a public bucket (brand logos, product pictures) shown at a fixed size: the storage
// service's image transformations (/storage/v1/render/image/public/…, what supabase-js builds from
// getPublicUrl(path, { transform })) send a square of the size shown, at 1x and 2x for dense screens,
// instead of the full upload (up to 2 MB). The <img> gets the same width and height so nothing moves
// while it loads.
import { supabase } from './supabase';
import { userFileUrl } from './user-files';

export interface SizedImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/**
 * A `size`×`size` CSS-pixel picture of `path` in the public `bucket`. `resize` is how the picture
 * fits the square: 'cover' crops it to fill (product pictures), 'contain' shows all of it (logos).
 */
export function publicImage(
  bucket: string,
  path: string,
  size: number,
  resize: 'cover' | 'contain' = 'cover',
): SizedImage {
  const at = (px: number) =>
    userFileUrl(
      supabase.storage.from(bucket).getPublicUrl(path, { transform: { width: px, height: px, resize } }).data.publicUrl,
    );
  return { src: at(size), srcSet: `${at(size)} 1x, ${at(size * 2)} 2x`, width: size, height: size };
}
