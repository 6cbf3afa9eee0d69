import { act, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrationEnded, hydrationStarts, useHydrated } from './use-hydrated';

// React warns unless told that updates are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders what useHydrated says, and records every value it rendered with. */
function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'attached' : 'frame'}</p>;
}

/** What router.tsx's ScreenShown does once the screen has committed. */
function EndsHydration() {
  useEffect(() => hydrationEnded(), []);
  return null;
}

const containers: HTMLElement[] = [];
function container(html = ''): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = html;
  document.body.append(el);
  containers.push(el);
  return el;
}
afterEach(() => {
  for (const el of containers.splice(0)) el.remove();
  hydrationEnded();
});

describe('useHydrated', () => {
  it('is true from the first render of a page the client renders', async () => {
    const seen: boolean[] = [];
    const root = createRoot(container());
    await act(async () => root.render(<Probe seen={seen} />));
    expect(seen[0]).toBe(true);
    expect(seen).not.toContain(false);
    act(() => root.unmount());
  });

  it('matches the prerendered HTML while hydrating, then turns true', async () => {
    // The build-time render has no window, so it wrote the frame's state.
    const el = container('<p>frame</p>');
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    hydrationStarts();
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(
        el,
        <>
          <Probe seen={seen} />
          <EndsHydration />
        </>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(el.textContent).toBe('attached');

    // A component mounted after hydration is attached at once.
    const later: boolean[] = [];
    await act(async () =>
      root.render(
        <>
          <Probe seen={seen} />
          <Probe seen={later} />
          <EndsHydration />
        </>,
      ),
    );
    expect(later[0]).toBe(true);
    act(() => root.unmount());
  });
});
