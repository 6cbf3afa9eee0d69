import { format } from 'date-fns';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { AuditEntry } from '../api/types';

const ACTION_LABELS: Record<string, string> = {
  adjust_tokens: 'Adjusted tokens',
  set_role: 'Changed role',
  grant_business: 'Granted business access',
  revoke_business: 'Revoked business access',
  approve_business_request: 'Approved business request',
  reject_business_request: 'Rejected business request',
  ban_user: 'Banned user',
  unban_user: 'Unbanned user',
  update_reward_settings: 'Changed reward settings',
};

export function describeAudit(entry: AuditEntry): string {
  const d = entry.details ?? {};
  switch (entry.action) {
    case 'adjust_tokens':
      return `${Number(d.amount) > 0 ? '+' : ''}${String(d.amount)} TMT — ${String(d.reason ?? '')}`;
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
        <CardTitle>Audit log</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">No admin actions yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Audit log">
            {entries.map((e) => (
              <li key={e.id} className="py-2" data-testid="audit-row">
                <span className="font-medium text-slate-900">{ACTION_LABELS[e.action] ?? e.action}</span>
                {e.target_user_id && <span className="text-slate-600"> · {e.target_email ?? 'deleted user'}</span>}
                {describeAudit(e) && <span className="block text-slate-700">{describeAudit(e)}</span>}
                <span className="block text-xs text-slate-500">
                  {format(new Date(e.created_at), 'MMM d, yyyy • h:mm a')} by {e.admin_email ?? 'the server'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
