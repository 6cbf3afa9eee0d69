import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser, DashboardStats } from '../api/types';
import { AuditLogCard } from './audit-log-card';
import { BusinessRequestsCard } from './business-requests-card';
import { RewardSettingsCard } from './reward-settings-card';
import { SignupsChart } from './signups-chart';
import { StatsCards } from './stats-cards';
import { UserManageModal, type UserManageModalProps } from './user-manage-modal';
import { UsersTable } from './users-table';

const days = Array.from({ length: 30 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10),
  count: i === 29 ? 4 : i % 7 === 0 ? 2 : 0,
}));

const stats: DashboardStats = {
  users_total: 12,
  users_confirmed: 9,
  users_new_week: 4,
  users_new_month: 10,
  users_banned: 1,
  tokens_in_circulation: 1234,
  tokens_earned: 2000,
  tokens_spent: 766,
  transactions: 40,
  assets: 7,
  referrals: 5,
  pending_business_requests: 2,
  signups_by_day: days,
};

const alice: AdminUser = {
  id: 'u-alice',
  email: 'alice@example.test',
  full_name: 'Alice',
  role: 'standard',
  is_business_user: false,
  referral_code: 'ABCD2345',
  balance: 50,
  email_confirmed_at: '2026-11-01T00:00:00Z',
  banned_until: null,
  last_sign_in_at: null,
  created_at: '2026-11-01T00:00:00Z',
  pending_business_request: true,
};

describe('StatsCards and SignupsChart', () => {
  it('shows the SQL figures', () => {
    render(<StatsCards stats={stats} />);
    expect(screen.getByTestId('stat-Users')).toHaveTextContent('12');
    expect(screen.getByTestId('stat-Users')).toHaveTextContent('9 confirmed · 3 unconfirmed');
    expect(screen.getByTestId('stat-Tokens in circulation')).toHaveTextContent('1,234 TMT');
    expect(screen.getByTestId('stat-Assets')).toHaveTextContent('7');
  });

  it('draws one bar per day with a summary for screen readers', () => {
    render(<SignupsChart data={days} />);
    expect(screen.getAllByTestId('signup-bar')).toHaveLength(30);
    const total = days.reduce((s, d) => s + d.count, 0);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      `Sign-ups per day, last 30 days: ${total} in total, at most 4 on one day.`,
    );
    const heights = screen.getAllByTestId('signup-bar').map((b) => Number(b.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[29]);
    expect(heights[1]).toBe(0);
  });
});

describe('UsersTable', () => {
  const filters = { search: '', role: '' as const, confirmed: '' as const };
  const props = {
    rows: [alice],
    total: 30,
    totalCapped: false,
    loading: false,
    filters,
    page: 0,
    hasNext: true,
  };

  it('lists users with status badges and passes search, filters and paging up', () => {
    const onFiltersChange = vi.fn();
    const onManage = vi.fn();
    const onPage = vi.fn();
    render(<UsersTable {...props} onFiltersChange={onFiltersChange} onPage={onPage} onManage={onManage} />);
    const row = screen.getByTestId('user-row');
    expect(row).toHaveTextContent('alice@example.test');
    expect(row).toHaveTextContent('Business request');
    expect(row).toHaveTextContent('50 TMT');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'ABCD' } });
    expect(onFiltersChange).toHaveBeenLastCalledWith({ ...filters, search: 'ABCD' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role filter' }), { target: { value: 'admin' } });
    expect(onFiltersChange).toHaveBeenLastCalledWith({ ...filters, role: 'admin' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Confirmation filter' }), {
      target: { value: 'unconfirmed' },
    });
    expect(onFiltersChange).toHaveBeenLastCalledWith({ ...filters, confirmed: 'unconfirmed' });
    expect(screen.getByText('30 users')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of users' });
    expect(pager).toHaveTextContent('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Manage alice@example.test' }));
    expect(onManage).toHaveBeenCalledWith(alice);
  });

  it('says "more than 1,000" when the count stops, and offers no Next on the last page', () => {
    render(
      <UsersTable
        {...props}
        page={3}
        hasNext={false}
        total={1000}
        totalCapped
        onFiltersChange={vi.fn()}
        onPage={vi.fn()}
        onManage={vi.fn()}
      />,
    );
    expect(screen.getByText('More than 1,000 users')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of users' })).toHaveTextContent('Page 4');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });
});

/** Renders the dialog and waits for it: a dialog's code loads when it first opens (components/ui/modal.tsx). */
async function renderModal(over: Partial<UserManageModalProps> = {}) {
  const props: UserManageModalProps = {
    user: alice,
    selfId: 'u-admin',
    onClose: vi.fn(),
    onAdjust: vi.fn().mockResolvedValue({}),
    onSetRole: vi.fn().mockResolvedValue({}),
    onSetBusiness: vi.fn().mockResolvedValue({}),
    onSetBan: vi.fn().mockResolvedValue({}),
    ...over,
  };
  render(<UserManageModal {...props} />);
  await screen.findByRole('dialog');
  return props;
}

describe('UserManageModal', () => {
  it('requires a non-zero amount and a reason before adjusting', async () => {
    const props = await renderModal();
    const form = screen.getByRole('form', { name: 'Adjust tokens' });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByText('Enter a whole number other than 0 (negative to deduct)')).toBeInTheDocument();
    expect(screen.getByText('A reason is required (at least 3 characters)')).toBeInTheDocument();
    expect(props.onAdjust).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Plus 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Plus 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Minus 10' }));
    expect(within(form).getByLabelText('Amount (TMT)')).toHaveValue('10');
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: '  Contest prize ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    await waitFor(() => expect(props.onAdjust).toHaveBeenCalledWith({ amount: 10, reason: 'Contest prize' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added 10 TMT');
  });

  it("shows the database's refusal (e.g. 'Insufficient tokens')", async () => {
    await renderModal({ onAdjust: vi.fn().mockRejectedValue({ message: 'Insufficient tokens', code: 'P0001' }) });
    const form = screen.getByRole('form', { name: 'Adjust tokens' });
    fireEvent.change(within(form).getByLabelText('Amount (TMT)'), { target: { value: '-500' } });
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Correction' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient tokens');
  });

  it('changes role, business flag and ban', async () => {
    const props = await renderModal();
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'moderator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(props.onSetRole).toHaveBeenCalledWith('moderator'));
    fireEvent.click(screen.getByRole('button', { name: 'Grant business access' }));
    await waitFor(() => expect(props.onSetBusiness).toHaveBeenCalledWith(true));
    fireEvent.change(screen.getByLabelText('Ban reason (optional)'), { target: { value: 'spam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(props.onSetBan).toHaveBeenCalledWith(true, 'spam'));
  });

  it('does not let admins demote or ban themselves', async () => {
    await renderModal({ selfId: alice.id });
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ban user' })).toBeDisabled();
  });
});

describe('BusinessRequestsCard and AuditLogCard', () => {
  it('approves or rejects a request once the admin confirms', async () => {
    const onDecide = vi.fn().mockResolvedValue(true);
    render(
      <BusinessRequestsCard
        requests={[
          {
            id: 'r1',
            user_id: 'u1',
            email: 'shop@example.test',
            full_name: 'Shop',
            note: 'We sell bikes',
            status: 'pending',
            created_at: '2026-11-20T00:00:00Z',
          },
        ]}
        busyId={null}
        onDecide={onDecide}
      />,
    );
    expect(screen.getByRole('list', { name: 'Business account requests' })).toHaveTextContent('We sell bikes');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    // Nothing is decided before the admin confirms.
    expect(onDecide).not.toHaveBeenCalled();
    const approve = await screen.findByRole('dialog', { name: 'Approve Shop as a business?' });
    expect(approve).toHaveTextContent('We will tell them by e-mail.');
    fireEvent.click(within(approve).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDecide).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('r1', true, ''));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject the request of Shop?' });
    fireEvent.change(within(reject).getByLabelText('Note for Shop (optional)'), {
      target: { value: ' Tell us your company number ' },
    });
    fireEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onDecide).toHaveBeenLastCalledWith('r1', false, 'Tell us your company number'));
  });

  it('describes audit entries', () => {
    render(
      <AuditLogCard
        entries={[
          {
            id: 'a1',
            admin_id: 'u-admin',
            admin_email: 'admin@example.test',
            action: 'adjust_tokens',
            target_user_id: 'u-alice',
            target_email: 'alice@example.test',
            details: { amount: -20, reason: 'Correction' },
            created_at: '2026-11-20T10:00:00Z',
          },
          {
            id: 'a2',
            admin_id: 'u-admin',
            admin_email: 'admin@example.test',
            action: 'set_role',
            target_user_id: 'u-alice',
            target_email: 'alice@example.test',
            details: { from: 'standard', to: 'moderator' },
            created_at: '2026-11-20T11:00:00Z',
          },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('audit-row');
    expect(rows[0]).toHaveTextContent('Adjusted tokens · alice@example.test');
    expect(rows[0]).toHaveTextContent('-20 TMT — Correction');
    expect(rows[1]).toHaveTextContent('Standard → Moderator');
    expect(rows[1]).toHaveTextContent('by admin@example.test');
  });

  it('names every action in words with what it changed, never the raw code', () => {
    const entry = (id: string, action: string, details: Record<string, unknown>) => ({
      id,
      admin_id: 'u-admin',
      admin_email: 'admin@example.test',
      action,
      target_user_id: null,
      target_email: null,
      details,
      created_at: '2026-11-20T10:00:00Z',
    });
    const pkg = { id: 'p1', name: 'Standard', tokens: 450, price_minor: 450, currency: 'gbp', active: true };
    render(
      <AuditLogCard
        entries={[
          entry('a1', 'save_token_package', { package_id: 'p1', before: null, after: pkg }),
          entry('a2', 'save_token_package', {
            package_id: 'p1',
            before: pkg,
            after: { ...pkg, tokens: 500, price_minor: 500, active: false },
          }),
          entry('a3', 'update_tagging_price', { item: 'photo_first', before: 25, after: 30 }),
          entry('a4', 'update_tagging_price', { item: 'video_60', before: 60, after: 70 }),
          entry('a5', 'update_reward_settings', {
            before: { signup_bonus: 50, level_rewards: [50, 30], default_referrer_email: null, use_first_admin: true },
            after: {
              signup_bonus: 75,
              level_rewards: [50, 25],
              default_referrer_email: 'house@example.test',
              use_first_admin: true,
            },
          }),
          entry('a6', 'approve_business_request', { request_id: 'r1', note: null }),
          entry('a7', 'mark_unit_counterfeit', { serial: 'AC-0001', reason: 'Cloned label', from: 'active' }),
          entry('a8', 'some_future_action', {}),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('audit-row').map((r) => r.textContent ?? '');
    expect(rows[0]).toContain('Saved a token package');
    expect(rows[0]).toContain('New package Standard: 450 TMT for £4.50');
    expect(rows[1]).toContain('Package Standard: Tokens: 450 TMT → 500 TMT; Price: £4.50 → £5.00; taken off sale');
    expect(rows[2]).toContain('Changed a tagging price');
    expect(rows[2]).toContain('First photo: 25 TMT → 30 TMT');
    expect(rows[3]).toContain('Video up to 60 s: 60 TMT → 70 TMT');
    expect(rows[4]).toContain('Changed reward settings');
    expect(rows[4]).toContain(
      'Sign-up bonus: 50 TMT → 75 TMT; Level 2 reward: 30 TMT → 25 TMT; Default referrer: none → house@example.test',
    );
    expect(rows[5]).toContain('Approved business request');
    expect(rows[6]).toContain('Marked a unit counterfeit');
    expect(rows[6]).toContain('Unit AC-0001: Cloned label');
    expect(rows[7]).toContain('Other action (some_future_action)');
    for (const code of [
      'save_token_package',
      'update_tagging_price',
      'update_reward_settings',
      'mark_unit_counterfeit',
    ])
      expect(rows.join(' ')).not.toContain(code);
  });
});

describe('RewardSettingsCard', () => {
  const settings = {
    signup_bonus: 50,
    influencer_signup_bonus: 100,
    level_rewards: [50, 30, 20, 10, 5],
    default_referrer_email: null,
    use_first_admin: true,
    reward_default_referrals: true,
    effective_default_referrer_email: 'admin@example.test',
  };

  it('saves edited amounts and the default referrer', async () => {
    const onSave = vi.fn().mockResolvedValue({});
    render(
      <>
        <Toaster />
        <RewardSettingsCard settings={settings} onSave={onSave} />
      </>,
    );
    expect(screen.getByText(/Now: admin@example.test/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Level 5 reward'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Default referrer (e-mail)'), { target: { value: 'house@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rewards' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        signup_bonus: 50,
        influencer_signup_bonus: 100,
        level_rewards: [50, 30, 20, 10, 7],
        default_referrer_email: 'house@example.test',
        use_first_admin: true,
        reward_default_referrals: true,
      }),
    );
    expect(await screen.findByText('Reward settings saved')).toBeInTheDocument();
  });

  it('refuses negative or fractional amounts before sending', () => {
    const onSave = vi.fn();
    render(<RewardSettingsCard settings={settings} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Sign-up bonus (TMT)'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rewards' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Amounts must be whole numbers');
    expect(onSave).not.toHaveBeenCalled();
  });
});
