// False while React hydrates a page that was rendered at build time (src/prerender.tsx) and during
// that render itself; true in every other render. Form controls use it to stay read-only (inputs) or
// disabled (submit buttons) until their handlers are attached: text typed into a prerendered field
// before hydration would be dropped by the form's state, and a submit before hydration would send the
// form natively (a GET with the password in the URL). Client-rendered screens never see false.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
