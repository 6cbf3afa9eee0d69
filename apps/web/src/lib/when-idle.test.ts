import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the work in an idle period once the page has loaded', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => ((idle = cb), 7));
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    idle!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event when the page is still loading', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => (cb(), 1));
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(work).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('does nothing once cancelled', () => {
    const cancelIdle = vi.fn();
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => ((idle = cb), 3));
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const work = vi.fn();
    const cancel = whenIdle(work);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(3);
    idle!();
    expect(work).not.toHaveBeenCalled();
  });

  it('falls back to a short timeout where the browser has no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(199);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
