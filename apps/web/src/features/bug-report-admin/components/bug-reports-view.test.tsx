import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BugReportSummary } from '../api/types';
import { sanitizeSearch } from '../lib/search';
import { BugReportsView, type BugReportsViewProps } from './bug-reports-view';

const row = (over: Partial<BugReportSummary> = {}): BugReportSummary => ({
  id: 'r1',
  error_message: 'Save does nothing',
  user_email: 'rita@example.test',
  user_name: 'Rita',
  page_url: 'http://localhost/assets',
  status: 'new',
  priority: 'high',
  screenshot_path: 'u/r1.jpg',
  created_at: '2026-11-22T02:00:00Z',
  ...over,
});

function renderView(over: Partial<BugReportsViewProps> = {}) {
  const props: BugReportsViewProps = {
    counts: { total: 7, new: 3, triaged: 1, in_progress: 1, resolved: 2, wont_fix: 0 },
    filters: { search: '', status: '', priority: '' },
    onFiltersChange: vi.fn(),
    rows: [],
    page: 0,
    hasNext: false,
    onPage: vi.fn(),
    loading: false,
    error: null,
    onRetry: vi.fn(),
    onOpen: vi.fn(),
    ...over,
  };
  render(<BugReportsView {...props} />);
  return props;
}

describe('BugReportsView', () => {
  it('shows counts by status from the server', () => {
    renderView();
    expect(screen.getByTestId('bug-count-Total')).toHaveTextContent('7');
    expect(screen.getByTestId('bug-count-New')).toHaveTextContent('3');
    expect(screen.getByTestId('bug-count-In Progress')).toHaveTextContent('1');
    expect(screen.getByTestId('bug-count-Resolved')).toHaveTextContent('2');
    expect(screen.getByTestId("bug-count-Won't Fix")).toHaveTextContent('0');
  });

  it('lists reports with badges and the screenshot marker, and opens one', () => {
    const props = renderView({ rows: [row()] });
    const item = screen.getByRole('button', { name: /Save does nothing/ });
    expect(within(item).getByText('High')).toBeInTheDocument();
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(within(item).getByText('Screenshot available')).toBeInTheDocument();
    fireEvent.click(item);
    expect(props.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }));
  });

  it('passes search and filter changes up (the page then starts again at page 1)', () => {
    const props = renderView({ page: 2 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search bug reports' }), { target: { value: 'rita' } });
    expect(props.onFiltersChange).toHaveBeenLastCalledWith({ search: 'rita', status: '', priority: '' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), { target: { value: 'resolved' } });
    expect(props.onFiltersChange).toHaveBeenLastCalledWith({ search: '', status: 'resolved', priority: '' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by priority' }), { target: { value: 'critical' } });
    expect(props.onFiltersChange).toHaveBeenLastCalledWith({ search: '', status: '', priority: 'critical' });
  });

  it('pages by cursor: "Page n", Next while there is a next page, Previous after the first', () => {
    const props = renderView({ rows: [row()], page: 1, hasNext: true });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(props.onPage).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(props.onPage).toHaveBeenLastCalledWith(0);
  });

  it('offers no Next on the last page', () => {
    renderView({ rows: [row()], page: 2, hasNext: false });
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeEnabled();
  });

  it('shows the empty and error states', () => {
    const props = renderView({ error: 'permission denied' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: permission denied');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('neutralises filter syntax in search terms', () => {
    expect(sanitizeSearch('a,b).or(x*')).toBe('a b .or x');
    expect(sanitizeSearch('  100%_done ')).toBe('100 done');
  });
});
