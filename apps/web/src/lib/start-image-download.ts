// Starts downloading a picture a screen is about to show, before the screen has rendered its <img>:
// the browser keeps the picture under its URL, and the <img> with that very URL takes it from there
// rather than asking again (the asset page's photo, issue 29: its <img> came ~250 ms after its URL
// did, behind the render of the rest of the page).
const inFlight = new Set<HTMLImageElement>();

export function startImageDownload(url: string): void {
  if (typeof Image === 'undefined') return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.decoding = 'async';
  // Held until it settles: a collected Image may have its download dropped.
  const settle = () => inFlight.delete(image);
  image.addEventListener('load', settle, { once: true });
  image.addEventListener('error', settle, { once: true });
  inFlight.add(image);
  image.src = url;
}
