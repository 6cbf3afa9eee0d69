import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TokenTransaction } from '../api/types';
import { WalletView, type WalletViewProps } from './wallet-view';

const tx = (over: Partial<TokenTransaction> = {}): TokenTransaction => ({
  id: crypto.randomUUID(),
  amount: 50,
  type: 'earned',
  source: 'signup',
  description: 'Welcome bonus',
  reference: null,
  created_at: '2026-11-22T10:00:00Z',
  balance_after: 50,
  ...over,
});

function renderView(over: Partial<WalletViewProps> = {}) {
  const props: WalletViewProps = {
    balance: 75,
    summary: {
      balance: 75,
      total_earned: 100,
      total_spent: 25,
      transaction_count: 2,
      sources: ['signup', 'tag_asset'],
    },
    transactions: [tx({ amount: -25, type: 'spent', source: 'tag_asset', description: 'Tagged a watch' }), tx()],
    loading: false,
    failed: false,
    onRetry: vi.fn(),
    filters: { search: '', type: '', source: '' },
    onFiltersChange: vi.fn(),
    hasMore: false,
    loadingMore: false,
    onLoadMore: vi.fn(),
    exporting: false,
    onExport: vi.fn(),
    refreshing: false,
    onRefresh: vi.fn(),
    ...over,
  };
  render(
    <MemoryRouter>
      <WalletView {...props} />
    </MemoryRouter>,
  );
  return props;
}

describe('WalletView', () => {
  it('shows balance, totals over the whole history and signed rows', () => {
    renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'TMT Wallet' })).toBeInTheDocument();
    expect(screen.getByText('Current Balance').parentElement?.parentElement).toHaveTextContent('75 TMT');
    expect(screen.getByText('Total Earned').parentElement?.parentElement).toHaveTextContent('100 TMT');
    expect(screen.getByText('Total Spent').parentElement?.parentElement).toHaveTextContent('25 TMT');
    const rows = within(screen.getByRole('list', { name: 'Transactions' })).getAllByTestId('transaction-row');
    expect(rows[0]).toHaveTextContent('Tag Asset');
    expect(rows[0]).toHaveTextContent('−25 TMT');
    expect(rows[1]).toHaveTextContent('+50 TMT');
    expect(rows[1]).toHaveTextContent('Nov 22, 2026');
  });

  it('shows balance 0, no transactions and a retry on failure (SPEC §8)', () => {
    const props = renderView({ failed: true });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your wallet.');
    expect(screen.getByText('Current Balance').parentElement?.parentElement).toHaveTextContent('0 TMT');
    expect(screen.queryAllByTestId('transaction-row')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('passes search and filters up and offers the sources present', () => {
    const props = renderView();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search transactions' }), { target: { value: 'watch' } });
    expect(props.onFiltersChange).toHaveBeenCalledWith({ search: 'watch', type: '', source: '' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'spent' } });
    expect(props.onFiltersChange).toHaveBeenCalledWith({ search: '', type: 'spent', source: '' });
    const source = screen.getByRole('combobox', { name: 'Source' });
    expect(
      within(source)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All sources', 'Signup', 'Tag Asset']);
  });

  it('says when nothing matches a filter, and loads more on demand', () => {
    renderView({ transactions: [], filters: { search: 'zzz', type: '', source: '' }, hasMore: false });
    expect(screen.getByText('No matching transactions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers Load more and Export', () => {
    const props = renderView({ hasMore: true });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(props.onLoadMore).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(props.onExport).toHaveBeenCalled();
  });

  it('explains a debt left by a refund, and shows none without one', () => {
    renderView({ debt: 40, balance: 0 });
    expect(screen.getByRole('alert')).toHaveTextContent('Your balance is 0 TMT and you owe 40 TMT.');
    expect(screen.getByRole('alert')).toHaveTextContent('your next purchase pays it first');
    expect(screen.getByText('40 TMT owed, paid first by your next purchase')).toBeInTheDocument();
  });

  it('describes the real ways to get TMT, buying included, and shows the side panel it is given', () => {
    renderView({ aside: <p>Buy tokens panel</p>, notice: <p>Purchase notice</p> });
    expect(screen.getByText('Buying a package of tokens.')).toBeInTheDocument();
    expect(screen.getByText('Buy tokens panel')).toBeInTheDocument();
    expect(screen.getByText('Purchase notice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /referral program/i })).toHaveAttribute('href', '/referrals');
  });
});
