// False while React hydrates a page that was rendered at build time (src/prerender.tsx) and during
// that render itself; true in every other render. A frame (/verify/:serial, /public-assets) renders
// what its HTML shows until then, and fills in its data after. Form controls no longer use it: they
// work before the app has started, and the app is told what was done with them once it has
// (lib/early-actions.ts, decision 0143).
//
// After hydration each user of the hook renders once more, as a transition: React does that work in
// slices between frames. (useSyncExternalStore, the usual way to tell hydration apart, re-renders
// synchronously: a frame page that fills in when hydrated, like /public-assets, then held the main
// thread for its whole re-render, issue 18's total blocking time.)
import { startTransition, useEffect, useState } from 'react';

let hydrating = false;

/** main.tsx: a prerendered page is about to be hydrated. */
export function hydrationStarts(): void {
  hydrating = true;
}

/**
 * router.tsx, once the screen has committed (the last part of a prerendered page React hydrates):
 * components rendered from now on are attached at once.
 */
export function hydrationEnded(): void {
  hydrating = false;
}

/** Whether React is hydrating a prerendered page now: its first render must be the one it was built with. */
export function isHydrating(): boolean {
  return hydrating;
}

// The build-time render has no window.
const attachedNow = () => typeof window !== 'undefined' && !hydrating;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(attachedNow);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
