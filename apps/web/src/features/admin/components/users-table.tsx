// The users table: search (e-mail, name, referral code), role and confirmation filters, and pages by
// cursor (decision 0169): Previous, "Page n", Next, and a count that stops at 1,000.
import { DataTable } from '@/components/ui/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import type { AdminUser, UserFilters } from '../api/types';
import { displayName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';
import { ROLE_LABELS, roleLabel } from '@/lib/labels/accounts';
import { formatNumber } from '@/lib/i18n/format';
import { formatTmt } from '@/utils/format';

export interface UsersTableProps {
  rows: AdminUser[];
  /** Matching users, counted up to 1,000; `totalCapped` when there are more. */
  total: number;
  totalCapped: boolean;
  loading: boolean;
  filters: UserFilters;
  /** New filters: the owner starts again at page 1. */
  onFiltersChange(filters: UserFilters): void;
  /** Zero-based page shown, and whether one comes after it. */
  page: number;
  hasNext: boolean;
  onPage(page: number): void;
  onManage(user: AdminUser): void;
}

export function UsersTable(props: UsersTableProps) {
  const { rows, total, totalCapped, loading, filters, onFiltersChange, page, hasNext, onPage, onManage } = props;
  const set = (patch: Partial<UserFilters>) => onFiltersChange({ ...filters, ...patch });
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Input
          type="search"
          aria-label={i18n._('Search users')}
          placeholder={i18n._('E-mail, name or referral code')}
          maxLength={200}
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
        />
        <Select
          aria-label={i18n._('Role filter')}
          value={filters.role}
          onChange={(e) => set({ role: e.target.value as UserFilters['role'] })}
          options={[
            { value: '', label: i18n._('All roles') },
            ...Object.keys(ROLE_LABELS).map((role) => ({ value: role, label: roleLabel(role) })),
          ]}
        />
        <Select
          aria-label={i18n._('Confirmation filter')}
          value={filters.confirmed}
          onChange={(e) => set({ confirmed: e.target.value as UserFilters['confirmed'] })}
          options={[
            { value: '', label: i18n._('Confirmed and unconfirmed') },
            { value: 'confirmed', label: i18n._('Confirmed') },
            { value: 'unconfirmed', label: i18n._('Unconfirmed') },
          ]}
        />
      </div>
      <DataTable
        tableClassName="min-w-[720px]"
        headClassName="border-b border-slate-200 text-slate-600"
        headCellClassName="py-2 pr-3"
        columns={[
          i18n._('User'),
          i18n._('Role'),
          i18n._('Status'),
          i18n._('Code'),
          { label: i18n._('Balance'), align: 'end' },
          { label: i18n._('Actions'), className: 'py-2', hidden: true },
        ]}
        after={
          <>
            {loading && (
              <div className="flex justify-center py-4">
                <Spinner label={i18n._('Loading users...')} />
              </div>
            )}
            {!loading && rows.length === 0 && (
              <p className="py-6 text-center text-sm text-slate-600">{i18n._('No users match.')}</p>
            )}
          </>
        }
      >
        {rows.map((u) => {
          const banned = u.banned_until !== null && new Date(u.banned_until) > new Date();
          return (
            <tr key={u.id} data-testid="user-row">
              <td className="py-2 pr-3">
                <span className="block font-medium text-slate-900">{displayName(u, '—')}</span>
                <span className="text-slate-600">{u.email}</span>
              </td>
              <td className="py-2 pr-3">{roleLabel(u.role)}</td>
              <td className="space-x-1 py-2 pr-3">
                {u.email_confirmed_at ? (
                  <Badge tone="success">{i18n._('Confirmed')}</Badge>
                ) : (
                  <Badge tone="warning">{i18n._('Unconfirmed')}</Badge>
                )}
                {u.is_business_user && <Badge tone="info">{i18n._('Business')}</Badge>}
                {u.pending_business_request && <Badge tone="warning">{i18n._('Business request')}</Badge>}
                {banned && <Badge tone="danger">{i18n._('Banned')}</Badge>}
              </td>
              <td className="py-2 pr-3 font-mono">{u.referral_code}</td>
              <td className="py-2 pr-3 text-right">{formatTmt(u.balance)}</td>
              <td className="py-2 text-right">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onManage(u)}
                  aria-label={i18n._('Manage {value}', { value: u.email ?? u.id })}
                >
                  {i18n._('Manage')}
                </Button>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <span>
          {totalCapped
            ? i18n._('More than {total} users', { total: formatNumber(total) })
            : i18n._('{total, plural, one {# user} other {# users}}', { total })}
        </span>
        <Pager page={page} hasNext={hasNext} onPage={onPage} className="" label={i18n._('Pages of users')} />
      </div>
    </div>
  );
}
