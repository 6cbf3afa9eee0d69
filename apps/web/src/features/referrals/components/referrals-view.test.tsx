import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReferralsView, type ReferralsViewProps } from './referrals-view';

const stats = [
  { level: 1, referred_count: 3, tokens_earned: 100, tokens_pending: 50, reward: 50 },
  { level: 2, referred_count: 1, tokens_earned: 30, tokens_pending: 0, reward: 30 },
  { level: 3, referred_count: 0, tokens_earned: 0, tokens_pending: 0, reward: 20 },
  { level: 4, referred_count: 0, tokens_earned: 0, tokens_pending: 0, reward: 10 },
  { level: 5, referred_count: 0, tokens_earned: 0, tokens_pending: 0, reward: 5 },
];

function renderView(over: Partial<ReferralsViewProps> = {}) {
  const props: ReferralsViewProps = {
    code: 'ABCD2345',
    origin: 'https://app.example',
    appName: 'TagLedger',
    stats,
    people: [
      { display_name: 'Mia', level: 1, reward: 50, status: 'earned', joined_at: '2026-11-20T10:00:00Z' },
      { display_name: 'Member', level: 2, reward: 30, status: 'pending', joined_at: '2026-11-21T10:00:00Z' },
    ],
    peopleTotal: 2,
    peopleTotalCapped: false,
    rewards: [
      { id: 'r1', amount: 50, description: 'Level 1 referral reward: Mia joined', created_at: '2026-11-20T10:00:00Z' },
    ],
    loading: false,
    failed: false,
    onRetry: vi.fn(),
    hasMorePeople: false,
    loadingMorePeople: false,
    onLoadMorePeople: vi.fn(),
    ...over,
  };
  render(<ReferralsView {...props} />);
  return props;
}

afterEach(() => vi.unstubAllGlobals());

describe('ReferralsView', () => {
  it('shows the code, counts and earnings for all five levels', () => {
    renderView();
    expect(screen.getByTestId('referral-code')).toHaveTextContent('ABCD2345');
    expect(screen.getByTestId('stat-direct')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-network')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-earned')).toHaveTextContent('130 TMT');
    expect(screen.getByTestId('stat-pending')).toHaveTextContent('50 TMT');
    expect(screen.getByTestId('level-1')).toHaveTextContent('Level 150 TMT350 TMT100 TMT');
    for (const s of stats) {
      const row = screen.getByTestId(`level-${s.level}`);
      expect(row).toHaveTextContent(`Level ${s.level}`);
      expect(row).toHaveTextContent(`${s.reward} TMT`);
    }
    const people = within(screen.getByRole('list', { name: 'Referred people' })).getAllByRole('listitem');
    expect(people).toHaveLength(2);
    expect(people[1]).toHaveTextContent('30 TMT pending');
    expect(screen.getByText('People in your network (2)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Reward history' })).toHaveTextContent('+50 TMT');
  });

  it('says "1,000+" when the count of people stops, and loads the next page on demand', () => {
    const props = renderView({ peopleTotal: 1000, peopleTotalCapped: true, hasMorePeople: true });
    expect(screen.getByText('People in your network (1,000+)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(props.onLoadMorePeople).toHaveBeenCalled();
  });

  it('builds links for the five destinations with ?ref=CODE and copies them', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderView();
    const link = screen.getByRole('textbox', { name: 'Referral link' });
    expect(link).toHaveValue('https://app.example/general-tagging?ref=ABCD2345');
    const select = screen.getByRole('combobox', { name: 'Landing page' });
    expect(within(select).getAllByRole('option')).toHaveLength(5);
    fireEvent.change(select, { target: { value: '/influencer-signup' } });
    expect(link).toHaveValue('https://app.example/influencer-signup?ref=ABCD2345');
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://app.example/influencer-signup?ref=ABCD2345'));
  });

  it('offers Share only when the browser supports it', () => {
    renderView();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('generates the QR code locally and offers a PNG download', async () => {
    renderView();
    fireEvent.click(screen.getByRole('button', { name: 'QR code' }));
    // The QR encoder is loaded on demand: on a loaded machine that takes more than findBy's 1 s.
    const img = await screen.findByRole(
      'img',
      { name: /QR code for https:\/\/app.example\/general-tagging\?ref=ABCD2345/ },
      { timeout: 10_000 },
    );
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: 'Download PNG' })).toHaveAttribute('download', 'referral-ABCD2345.png');
  });

  it('shows a retry on failure', () => {
    const props = renderView({ failed: true, code: null, stats: undefined, people: [], rewards: undefined });
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalled();
  });
});
