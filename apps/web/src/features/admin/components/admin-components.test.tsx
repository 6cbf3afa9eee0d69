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
  it('lists users with status badges and passes search, filters and paging up', () => {
    const onFiltersChange = vi.fn();
    const onManage = vi.fn();
    const filters = { search: '', role: '' as const, confirmed: '' as const, page: 0 };
    render(
      <UsersTable
        rows={[alice]}
        total={30}
        loading={false}
        filters={filters}
        onFiltersChange={onFiltersChange}
        onManage={onManage}
      />,
    );
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
    expect(screen.getByText(/page 1 of 2/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ ...filters, page: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Manage alice@example.test' }));
    expect(onManage).toHaveBeenCalledWith(alice);
  });
});

function renderModal(over: Partial<UserManageModalProps> = {}) {
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
  return props;
}

describe('UserManageModal', () => {
  it('requires a non-zero amount and a reason before adjusting', async () => {
    const props = renderModal();
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
    renderModal({ onAdjust: vi.fn().mockRejectedValue({ message: 'Insufficient tokens', code: 'P0001' }) });
    const form = screen.getByRole('form', { name: 'Adjust tokens' });
    fireEvent.change(within(form).getByLabelText('Amount (TMT)'), { target: { value: '-500' } });
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Correction' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient tokens');
  });

  it('changes role, business flag and ban', async () => {
    const props = renderModal();
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'moderator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(props.onSetRole).toHaveBeenCalledWith('moderator'));
    fireEvent.click(screen.getByRole('button', { name: 'Grant business access' }));
    await waitFor(() => expect(props.onSetBusiness).toHaveBeenCalledWith(true));
    fireEvent.change(screen.getByLabelText('Ban reason (optional)'), { target: { value: 'spam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(props.onSetBan).toHaveBeenCalledWith(true, 'spam'));
  });

  it('does not let admins demote or ban themselves', () => {
    renderModal({ selfId: alice.id });
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ban user' })).toBeDisabled();
  });
});

describe('BusinessRequestsCard and AuditLogCard', () => {
  it('approves or rejects a request', () => {
    const onDecide = vi.fn();
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
    expect(onDecide).toHaveBeenCalledWith('r1', true);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onDecide).toHaveBeenCalledWith('r1', false);
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
    expect(rows[1]).toHaveTextContent('standard → moderator');
    expect(rows[1]).toHaveTextContent('by admin@example.test');
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
