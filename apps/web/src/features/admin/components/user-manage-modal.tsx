// Manage one user: adjust tokens (amount ± and a required reason), role, business flag, ban.
// Every handler returns a promise; errors from SQL (e.g. 'Insufficient tokens') are shown here.
// The parent renders it with key={user.id}, so opening another user starts with a fresh form.
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { toAppError } from '@/lib/api-error';
import type { Role } from '@/lib/profile';
import type { AdminUser } from '../api/types';
import { validateAdjustment } from '../lib/adjust';
import { displayName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';
import { formatTmt } from '@/utils/format';

export interface UserManageModalProps {
  user: AdminUser | null;
  /** The signed-in admin: they cannot demote or ban themselves. */
  selfId: string | undefined;
  onClose(): void;
  onAdjust(input: { amount: number; reason: string }): Promise<unknown>;
  onSetRole(role: Role): Promise<unknown>;
  onSetBusiness(isBusiness: boolean): Promise<unknown>;
  onSetBan(banned: boolean, reason: string): Promise<unknown>;
}

type Busy = null | 'adjust' | 'role' | 'business' | 'ban';

export function UserManageModal({
  user,
  selfId,
  onClose,
  onAdjust,
  onSetRole,
  onSetBusiness,
  onSetBan,
}: UserManageModalProps) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [role, setRole] = useState<Role>(user?.role ?? 'standard');
  const [banReason, setBanReason] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  if (!user) return null;
  const isSelf = user.id === selfId;
  const banned = user.banned_until !== null && new Date(user.banned_until) > new Date();

  async function run(kind: Exclude<Busy, null>, action: () => Promise<unknown>, success: string) {
    setBusy(kind);
    setMessage(null);
    try {
      await action();
      setMessage({ tone: 'success', text: success });
      return true;
    } catch (err) {
      setMessage({ tone: 'error', text: toAppError(err).message });
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function submitAdjust(e: React.FormEvent) {
    e.preventDefault();
    const found = validateAdjustment(amount, reason);
    setErrors(found);
    if (found.amount || found.reason) return;
    const value = Number(amount);
    const ok = await run(
      'adjust',
      () => onAdjust({ amount: value, reason: reason.trim() }),
      `${value > 0 ? 'Added' : 'Deducted'} ${Math.abs(value)} TMT`,
    );
    if (ok) {
      setAmount('');
      setReason('');
    }
  }

  const step = (delta: number) => setAmount(String((Number(amount) || 0) + delta));

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={i18n._('Manage user')} size="lg">
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-900">{displayName(user, user.email ?? '—')}</span>
          <span className="text-slate-600">{user.email}</span>
          <Badge>{formatTmt(user.balance)}</Badge>
          {banned && <Badge tone="danger">{i18n._('Banned')}</Badge>}
        </div>

        {message && (
          <p
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={message.tone === 'error' ? 'text-sm text-red-700' : 'text-sm text-green-700'}
          >
            {message.text}
          </p>
        )}

        <form onSubmit={submitAdjust} className="space-y-3" aria-label={i18n._('Adjust tokens')} noValidate>
          <h3 className="font-semibold text-slate-900">{i18n._('Adjust tokens')}</h3>
          <div className="flex items-end gap-2">
            <Button variant="outline" size="sm" onClick={() => step(-10)} aria-label={i18n._('Minus 10')}>
              −10
            </Button>
            <FormField label={i18n._('Amount (TMT)')} error={errors.amount} className="flex-1 space-y-1">
              <Input
                inputMode="numeric"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                placeholder={i18n._('e.g. 50 or -20')}
              />
            </FormField>
            <Button variant="outline" size="sm" onClick={() => step(10)} aria-label={i18n._('Plus 10')}>
              +10
            </Button>
          </div>
          <FormField label={i18n._('Reason')} error={errors.reason} required>
            <Textarea rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <Button type="submit" loading={busy === 'adjust'}>
            {i18n._('Apply adjustment')}
          </Button>
        </form>

        <div className="space-y-2 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">{i18n._('Role')}</h3>
          <div className="flex gap-2">
            <Select
              aria-label={i18n._('Role')}
              value={role}
              disabled={isSelf}
              onChange={(e) => setRole(e.target.value as Role)}
              options={[
                { value: 'standard', label: i18n._('Standard') },
                { value: 'moderator', label: i18n._('Moderator') },
                { value: 'admin', label: i18n._('Admin') },
              ]}
            />
            <Button
              variant="outline"
              className="shrink-0 whitespace-nowrap"
              disabled={isSelf || role === user.role}
              loading={busy === 'role'}
              onClick={() => void run('role', () => onSetRole(role), i18n._('Role changed to {role}', { role }))}
            >
              {i18n._('Save role')}
            </Button>
          </div>
          {isSelf && <p className="text-xs text-slate-500">{i18n._('You cannot change your own role.')}</p>}
        </div>

        <div className="space-y-2 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">{i18n._('Business account')}</h3>
          <p className="text-sm text-slate-600">
            {user.is_business_user ? i18n._('This is a business account.') : i18n._('This is not a business account.')}
            {user.pending_business_request && i18n._(' The user has asked for a business account.')}
          </p>
          <Button
            variant="outline"
            loading={busy === 'business'}
            onClick={() =>
              void run(
                'business',
                () => onSetBusiness(!user.is_business_user),
                user.is_business_user ? i18n._('Business access revoked') : i18n._('Business access granted'),
              )
            }
          >
            {user.is_business_user ? i18n._('Revoke business access') : i18n._('Grant business access')}
          </Button>
        </div>

        <div className="space-y-2 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">{i18n._('Access')}</h3>
          {!banned && (
            <FormField label={i18n._('Ban reason (optional)')}>
              <Input
                value={banReason}
                maxLength={300}
                onChange={(e) => setBanReason(e.target.value)}
                disabled={isSelf}
              />
            </FormField>
          )}
          <Button
            variant={banned ? 'outline' : 'danger'}
            disabled={isSelf}
            loading={busy === 'ban'}
            onClick={() =>
              void run(
                'ban',
                () => onSetBan(!banned, banReason.trim()),
                banned ? i18n._('User unbanned') : i18n._('User banned and signed out'),
              )
            }
          >
            {banned ? i18n._('Unban user') : i18n._('Ban user')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
