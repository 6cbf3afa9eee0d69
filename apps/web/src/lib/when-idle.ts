// Work that can wait until the page has loaded and the browser has nothing else to do: code a screen may
// need after a click (a dialog), fetched without competing with the screen's first paint and its largest
// image. Returns a function that cancels it (for an effect's clean-up).
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const run = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback: a short timeout after load stands in for it.
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(() => !cancelled && work());
    else idleHandle = window.setTimeout(() => !cancelled && work(), 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idleHandle !== undefined) {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
      else window.clearTimeout(idleHandle);
    }
  };
}
