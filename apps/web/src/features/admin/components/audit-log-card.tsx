import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { AuditEntry } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { formatDateTime } from '@/lib/i18n/format';
import { formatTmt } from '@/utils/format';

const ACTION_LABELS: Record<string, string> = {
  adjust_tokens: /*i18n*/ 'Adjusted tokens',
  set_role: /*i18n*/ 'Changed role',
  grant_business: /*i18n*/ 'Granted business access',
  revoke_business: /*i18n*/ 'Revoked business access',
  approve_business_request: /*i18n*/ 'Approved business request',
  reject_business_request: /*i18n*/ 'Rejected business request',
  ban_user: /*i18n*/ 'Banned user',
  unban_user: /*i18n*/ 'Unbanned user',
  update_reward_settings: /*i18n*/ 'Changed reward settings',
};

export function describeAudit(entry: AuditEntry): string {
  const d = entry.details ?? {};
  switch (entry.action) {
    case 'adjust_tokens':
      return `${Number(d.amount) > 0 ? '+' : ''}${formatTmt(Number(d.amount))} — ${String(d.reason ?? '')}`;
    case 'set_role':
      return `${String(d.from)} → ${String(d.to)}`;
    case 'ban_user':
      return d.reason ? String(d.reason) : '';
    default:
      return d.note ? String(d.note) : '';
  }
}

export function AuditLogCard({ entries }: { entries: AuditEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Audit log')}</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">{i18n._('No admin actions yet.')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label={i18n._('Audit log')}>
            {entries.map((e) => (
              <li key={e.id} className="py-2" data-testid="audit-row">
                <span className="font-medium text-slate-900">{i18n._(ACTION_LABELS[e.action] ?? e.action)}</span>
                {e.target_user_id && (
                  <span className="text-slate-600"> · {e.target_email ?? i18n._('deleted user')}</span>
                )}
                {describeAudit(e) && <span className="block text-slate-700">{describeAudit(e)}</span>}
                <span className="block text-xs text-slate-500">
                  {formatDateTime(e.created_at)} {i18n._('by')} {e.admin_email ?? i18n._('the server')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
