// The size of the photo on the owner's asset page, as its signed render URL asks for it. Apart from
// signed-urls.ts (which needs supabase-js) so that the page's entry script can ask for the photo of a
// returning user's first screen before the app has loaded (app/first-requests.ts).

/** The CSS pixels around the asset page's photo on a narrow screen: the page's padding (16 each side),
 * the card's border (1) and its content's padding (20). */
const VIEWER_GUTTER = 2 * (16 + 1 + 20);
/** The display photo's quality: lower than the storage default of 80, which is for originals' copies;
 * at a phone's size the difference does not show, and the bytes are the screen's wait (issue 29). */
const GALLERY_QUALITY = 70;

export type GalleryTransform = { width: number; resize: 'contain'; quality: number };

/** The owner's asset page shows one photo at most 720 CSS px wide; a signed render URL names one size
 * (no srcset), so it is this screen's: the photo's drawn width in device pixels in steps of 160, 1280 at
 * most (a 2x desktop). A phone of 412 px at 1.75x draws it 338 px wide and gets 640 px (it got 800, sized
 * by the window, and waited for them at 1.6 Mbit/s). The original opens only on request. */
export function galleryTransform(): GalleryTransform {
  const cssWidth = Math.min(Math.max((window.innerWidth || 720) - VIEWER_GUTTER, 160), 720);
  const width = Math.min(1280, Math.ceil((cssWidth * (window.devicePixelRatio || 1)) / 160) * 160);
  return { width, resize: 'contain', quality: GALLERY_QUALITY };
}

/** The displayed photo's width on this screen, in device pixels, as galleryUrlsQueryOptions asks for it. */
export function galleryPhotoWidth(): number {
  return galleryTransform().width;
}
