import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMoreSentinel } from './load-more-sentinel';

// jsdom has no IntersectionObserver; this stand-in lets the test scroll the sentinel into view.
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('LoadMoreSentinel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeObserver.instances = [];
  });

  it('asks for the next page when it scrolls into view, and stops when there is no more', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onLoadMore = vi.fn();
    const { rerender } = render(<LoadMoreSentinel hasMore loading={false} onLoadMore={onLoadMore} />);
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.observed).toHaveLength(1);
    observer.enter();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMoreSentinel hasMore={false} loading={false} onLoadMore={onLoadMore} />);
    expect(observer.disconnected).toBe(true);
  });

  it('does not observe while a page is loading', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<LoadMoreSentinel hasMore loading onLoadMore={vi.fn()} />);
    expect(FakeObserver.instances).toHaveLength(0);
  });
});
