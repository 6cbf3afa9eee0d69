// The cursor stack of a keyset-paged list: forward needs the shown page's `next`, back returns to
// the cursor the earlier page started from, and a reset starts over (decision 0165).
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeysetPages } from './use-keyset-pages';

const cursor = (n: number) => ({ k: `key ${n}`, id: `00000000-0000-4000-8000-00000000000${n}` });

describe('useKeysetPages', () => {
  it('goes forward after each page and back to where an earlier page started', () => {
    const { result } = renderHook(() => useKeysetPages());
    expect(result.current).toMatchObject({ page: 0, after: null });
    act(() => result.current.goTo(1, cursor(1)));
    act(() => result.current.goTo(2, cursor(2)));
    expect(result.current).toMatchObject({ page: 2, after: cursor(2) });
    act(() => result.current.goTo(1, undefined));
    expect(result.current).toMatchObject({ page: 1, after: cursor(1) });
    act(() => result.current.goTo(2, cursor(3)));
    expect(result.current).toMatchObject({ page: 2, after: cursor(3) });
  });

  it('stays on the last page without a next cursor, skips no page, and starts over on reset', () => {
    const { result } = renderHook(() => useKeysetPages());
    act(() => result.current.goTo(1, null));
    expect(result.current).toMatchObject({ page: 0, after: null });
    act(() => result.current.goTo(3, cursor(1)));
    expect(result.current.page).toBe(0);
    act(() => result.current.goTo(1, cursor(1)));
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ page: 0, after: null });
  });
});
