// The shared pager: says where the reader is, moves a page at a time, and stays out of the way
// when one page holds everything.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageCount, Pager } from './pager';

describe('Pager', () => {
  it('pages forwards and back and says where the reader is', () => {
    const onPage = vi.fn();
    render(<Pager page={1} pages={pageCount(25, 10)} onPage={onPage} label="Unit pages" />);
    expect(screen.getByRole('navigation', { name: 'Unit pages' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage.mock.calls).toEqual([[2], [0]]);
  });

  it('disables the ends and hides itself for a single page', () => {
    const { rerender } = render(<Pager page={0} pages={2} onPage={() => {}} />);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pager page={0} pages={pageCount(10, 10)} onPage={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(pageCount(0, 10)).toBe(1);
  });

  it('says "Page n" for a keyset list, which knows only whether a next page exists', () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={0} hasNext onPage={onPage} />);
    expect(screen.getByText('Page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1]]);
    rerender(<Pager page={3} hasNext={false} onPage={onPage} />);
    expect(screen.getByText('Page 4')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pager page={0} hasNext={false} onPage={onPage} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
