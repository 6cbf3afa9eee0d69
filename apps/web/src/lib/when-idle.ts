// Work that can wait until the page has loaded and the browser has nothing else to do: code a screen may
// need after a click (a dialog), fetched without competing with the screen's first paint and its largest
// image. Kept apart from lib/deferred-component.tsx, which every page's app code loads: only screens with
// such pieces load this.
import { useEffect } from 'react';

/** Runs `work` once the page has loaded and the browser is idle; returns a function that cancels it. */
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

/**
 * Loads pieces a screen shows only after a click (its dialogs, made with deferredComponent) once the
 * page is idle, so that the click seldom waits for their code and the first paint never does. A
 * download that fails is tried again when the piece renders.
 */
export function usePreloadWhenIdle(...pieces: Array<{ preload(): Promise<unknown> }>): void {
  useEffect(
    () =>
      whenIdle(() => {
        for (const piece of pieces) void piece.preload().catch(() => undefined);
      }),
    // The pieces are module-level constants: loading them once per mount is the intent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}
