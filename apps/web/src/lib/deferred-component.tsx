// A piece of the layout whose code loads on demand (the signed-in header, the toaster, the bug-report
// button), shown without a Suspense boundary.
//
// Why not React.lazy: when content replaces a Suspense fallback, React reveals it no sooner than 300 ms
// after the last fallback it showed anywhere on the page (its "throttled reveal"). On a signed-in
// screen's first load the header's, the toaster's and the bug button's fallbacks appear as the user
// becomes known, and the screen's own content, arriving in a retry, then waited out that delay: on a
// phone (4x CPU) the dashboard's largest paint came 150–250 ms late (bench/RESULTS.md, issue 29). Here a
// piece that is not loaded yet renders its placeholder and a plain state update shows it once its code
// is there: no fallback, no throttle. A piece already loaded renders at once.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface DeferredComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the code (once); resolves when it is there. */
  preload(): Promise<ComponentType<P>>;
}

export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: ReactNode = null,
): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;

  function preload(): Promise<ComponentType<P>> {
    pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        // A failed download may succeed on the next try (the next render that needs it).
        pending = undefined;
        throw err;
      },
    );
    return pending;
  }

  function Deferred(props: P): ReactNode {
    const [component, setComponent] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (component) return;
      let current = true;
      preload().then(
        (c) => current && setComponent(() => c),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [component]);
    // As with React.lazy, a piece that cannot load is the nearest error boundary's to report.
    if (failure) throw failure.error;
    const Component = component;
    return Component ? <Component {...props} /> : placeholder;
  }

  return Object.assign(Deferred, { preload });
}
