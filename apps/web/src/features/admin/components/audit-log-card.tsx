// The admin audit log (rpc admin_audit_entries): each action by its name in the reader's language
// and what it changed, read from the entry's details — never the raw action code or JSON.
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { AuditEntry } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { formatDateTime } from '@/lib/i18n/format';
import { formatMoney, formatTmt } from '@/utils/format';
import { PRICE_ITEMS } from './tagging-prices-card';
import { RecordList } from '@/components/ui/record-list';

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
  save_token_package: /*i18n*/ 'Saved a token package',
  update_tagging_price: /*i18n*/ 'Changed a tagging price',
  mark_unit_counterfeit: /*i18n*/ 'Marked a unit counterfeit',
  clear_unit_verdict: /*i18n*/ 'Cleared a unit’s counterfeit verdict',
  verify_gs1_prefix: /*i18n*/ 'Verified a GS1 prefix',
  reject_gs1_prefix: /*i18n*/ 'Refused a GS1 prefix',
  withdraw_gs1_prefix: /*i18n*/ 'Withdrew a GS1 prefix',
};

const ROLE_LABELS: Record<string, string> = {
  standard: /*i18n*/ 'Standard',
  moderator: /*i18n*/ 'Moderator',
  admin: /*i18n*/ 'Admin',
};

const REWARD_LABELS: Record<string, string> = {
  signup_bonus: /*i18n*/ 'Sign-up bonus',
  influencer_signup_bonus: /*i18n*/ 'Influencer sign-up bonus',
};

/** The action's name in the reader's language; an action this version does not know by its code. */
export function auditActionLabel(action: string): string {
  const label = ACTION_LABELS[action];
  return label ? i18n._(label) : i18n._('Other action ({code})', { code: action });
}

type Details = Record<string, unknown>;
const asDetails = (v: unknown): Details => (v && typeof v === 'object' ? (v as Details) : {});
const text = (v: unknown): string => (v === null || v === undefined || v === '' ? '' : String(v));
const change = (label: string, from: string, to: string) => i18n._('{label}: {from} → {to}', { label, from, to });

function roleLabel(role: unknown): string {
  const key = text(role);
  return ROLE_LABELS[key] ? i18n._(ROLE_LABELS[key]) : key;
}

function priceItemLabel(item: string): string {
  const video = /^video_(\d+)$/.exec(item);
  if (video) return i18n._('Video up to {max_seconds} s', { max_seconds: Number(video[1]) });
  const known = PRICE_ITEMS.find(([key]) => key === item);
  return known ? i18n._(known[1]) : item;
}

function describeRewards(before: Details, after: Details): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(REWARD_LABELS)) {
    if (before[key] !== after[key])
      lines.push(change(i18n._(REWARD_LABELS[key]!), formatTmt(Number(before[key])), formatTmt(Number(after[key]))));
  }
  const was = Array.isArray(before.level_rewards) ? before.level_rewards : [];
  const now = Array.isArray(after.level_rewards) ? after.level_rewards : [];
  for (let i = 0; i < Math.max(was.length, now.length); i++) {
    if (was[i] !== now[i])
      lines.push(
        change(
          i18n._('Level {value} reward', { value: i + 1 }),
          formatTmt(Number(was[i] ?? 0)),
          formatTmt(Number(now[i] ?? 0)),
        ),
      );
  }
  if (before.default_referrer_email !== after.default_referrer_email)
    lines.push(
      change(
        i18n._('Default referrer'),
        text(before.default_referrer_email) || i18n._('none'),
        text(after.default_referrer_email) || i18n._('none'),
      ),
    );
  if (before.use_first_admin !== after.use_first_admin)
    lines.push(
      after.use_first_admin
        ? i18n._('Without a configured referrer, the first admin is used')
        : i18n._('Without a configured referrer, nobody is used'),
    );
  if (before.reward_default_referrals !== after.reward_default_referrals)
    lines.push(
      after.reward_default_referrals
        ? i18n._('Rewards are paid for sign-ups attached to the default referrer')
        : i18n._('No rewards for sign-ups attached to the default referrer'),
    );
  return lines;
}

function describePackage(before: Details | null, after: Details): string {
  const name = text(after.name);
  const tokens = (d: Details) => formatTmt(Number(d.tokens));
  const price = (d: Details) => formatMoney(Number(d.price_minor), text(d.currency) || 'gbp');
  if (!before) {
    const created = i18n._('New package {name}: {tokens} for {price}', {
      name,
      tokens: tokens(after),
      price: price(after),
    });
    return after.active ? created : `${created}; ${i18n._('not on sale')}`;
  }
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(change(i18n._('Name'), text(before.name), name));
  if (before.tokens !== after.tokens) lines.push(change(i18n._('Tokens'), tokens(before), tokens(after)));
  if (before.price_minor !== after.price_minor || before.currency !== after.currency)
    lines.push(change(i18n._('Price'), price(before), price(after)));
  if (before.active !== after.active) lines.push(after.active ? i18n._('put on sale') : i18n._('taken off sale'));
  return i18n._('Package {name}: {changes}', { name, changes: lines.join('; ') || i18n._('nothing changed') });
}

/** What the entry changed, in words; empty when the action and its target say it all. */
export function describeAudit(entry: AuditEntry): string {
  const d = entry.details ?? {};
  switch (entry.action) {
    case 'adjust_tokens':
      return `${Number(d.amount) > 0 ? '+' : ''}${formatTmt(Number(d.amount))} — ${text(d.reason)}`;
    case 'set_role':
      return `${roleLabel(d.from)} → ${roleLabel(d.to)}`;
    case 'approve_business_request':
    case 'reject_business_request':
      return d.note ? i18n._('Note: {note}', { note: text(d.note) }) : '';
    case 'ban_user':
      return d.reason ? i18n._('Reason: {reason}', { reason: text(d.reason) }) : '';
    case 'update_reward_settings':
      return describeRewards(asDetails(d.before), asDetails(d.after)).join('; ');
    case 'save_token_package':
      return describePackage(d.before ? asDetails(d.before) : null, asDetails(d.after));
    case 'update_tagging_price':
      return change(priceItemLabel(text(d.item)), formatTmt(Number(d.before)), formatTmt(Number(d.after)));
    case 'mark_unit_counterfeit':
    case 'clear_unit_verdict':
      return i18n._('Unit {serial}: {reason}', { serial: text(d.serial), reason: text(d.reason) });
    case 'verify_gs1_prefix':
    case 'reject_gs1_prefix':
    case 'withdraw_gs1_prefix':
      return i18n._('Prefix {prefix}: {evidence}', { prefix: text(d.prefix), evidence: text(d.evidence) });
    default:
      return d.note ? text(d.note) : '';
  }
}

export function AuditLogCard({ entries }: { entries: AuditEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Audit log')}</CardTitle>
      </CardHeader>
      <CardContent>
        <RecordList
          items={entries}
          label={i18n._('Audit log')}
          empty={i18n._('No admin actions yet.')}
          className="text-sm"
        >
          {(e) => {
            const details = describeAudit(e);
            return (
              <li key={e.id} className="py-2" data-testid="audit-row">
                <span className="font-medium text-slate-900">{auditActionLabel(e.action)}</span>
                {e.target_user_id && (
                  <span className="break-all text-slate-600"> · {e.target_email ?? i18n._('deleted user')}</span>
                )}
                {details && <span className="block break-words text-slate-700">{details}</span>}
                <span className="block text-xs text-slate-500">
                  {i18n._('{when} by {who}', {
                    when: formatDateTime(e.created_at),
                    who: e.admin_email ?? i18n._('the server'),
                  })}
                </span>
              </li>
            );
          }}
        </RecordList>
      </CardContent>
    </Card>
  );
}
