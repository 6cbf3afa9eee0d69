// One item of a queue: what was reported or flagged, as the database chose to show it, and the
// actions that fit. Each queue has its own summary; the action buttons are shared.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import type { AssetReport, BanRequest, ContactReport, FlaggedUnit, ProductReport, QueueItems } from '../api/queues';
import {
  ACTION_LABELS,
  QUEUES,
  REPORT_REASON_LABELS,
  actionsFor,
  isDestructive,
  type ModerationAction,
  type QueueName,
} from '../lib/actions';

export type OnAction = (action: ModerationAction | 'ban', subject: string) => void;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A product's GTIN and whether its business proved it holds it (a verified GS1 prefix). */
function GtinField({
  product,
}: {
  product: { gtin: string | null; gtin_verified: boolean; released_gtin?: string | null };
}) {
  if (!product.gtin && !product.released_gtin) return null;
  return (
    <Field label={i18n._('GTIN')}>
      <span data-testid="gtin-verification">
        {product.gtin
          ? `${product.gtin} — ${product.gtin_verified ? i18n._('verified GS1 prefix') : i18n._('no verified GS1 prefix')}`
          : i18n._('{gtin} — taken back from this product', { gtin: product.released_gtin ?? '' })}
      </span>
    </Field>
  );
}

function brandState(verified: boolean): string {
  return verified ? i18n._('verified business') : i18n._('no verified badge');
}

function reasonLabel(reason: string | null): string {
  return reason ? i18n._(REPORT_REASON_LABELS[reason] ?? reason) : i18n._('No reason given');
}

function summary(queue: QueueName, item: QueueItems[QueueName]): { title: string; body: ReactNode; hasUnit: boolean } {
  switch (queue) {
    case 'assets': {
      const r = item as AssetReport;
      return {
        title: r.asset.title,
        hasUnit: false,
        body: (
          <>
            <Field label={i18n._('Reason')}>{reasonLabel(r.reason)}</Field>
            {r.details ? <Field label={i18n._('Details')}>{r.details}</Field> : null}
            {r.asset.description ? <Field label={i18n._('Description')}>{r.asset.description}</Field> : null}
            <Field label={i18n._('Reported')}>{formatDate(r.created_at)}</Field>
          </>
        ),
      };
    }
    case 'products': {
      const r = item as ProductReport;
      return {
        title: `${r.brand} · ${r.product.name}`,
        hasUnit: r.unit !== null,
        body: (
          <>
            <Field label={i18n._('Reason')}>{reasonLabel(r.reason)}</Field>
            {r.details ? <Field label={i18n._('Details')}>{r.details}</Field> : null}
            <Field label={i18n._('Serial')}>
              {r.serial}
              {r.unit ? ` (${r.unit.status})` : ` — ${i18n._('never issued')}`}
            </Field>
            <Field label={i18n._('Brand')}>{`${r.brand} — ${brandState(r.brand_verified)}`}</Field>
            <GtinField product={r.product} />
            <Field label={i18n._('Reported')}>{formatDate(r.created_at)}</Field>
          </>
        ),
      };
    }
    case 'flagged': {
      const u = item as FlaggedUnit;
      return {
        title: `${u.brand} · ${u.product.name} · ${u.serial}`,
        hasUnit: true,
        body: (
          <>
            <Field label={i18n._('Scans in 24 hours')}>{u.scans_24h}</Field>
            <Field label={i18n._('Networks in 24 hours')}>{u.places_24h}</Field>
            {u.shared_scans_24h > 0 ? (
              <>
                <Field label={i18n._('Checks of a shared serial in 24 hours')}>{u.shared_scans_24h}</Field>
                <Field label={i18n._('Serial also issued by')}>
                  <span data-testid="shared-serial-brands">{u.other_brands.join(', ')}</span>
                </Field>
              </>
            ) : null}
            <Field label={i18n._('Brand')}>{`${u.brand} — ${brandState(u.brand_verified)}`}</Field>
            <GtinField product={u.product} />
            <Field label={i18n._('Last scan')}>{formatDate(u.last_scan_at)}</Field>
          </>
        ),
      };
    }
    case 'contact': {
      const c = item as ContactReport;
      return {
        title: c.sender_name ?? i18n._('Unnamed sender'),
        hasUnit: false,
        body: (
          <>
            <Field label={i18n._('Message')}>{c.message}</Field>
            <Field label={i18n._('Reason')}>{c.reason ?? i18n._('No reason given')}</Field>
            <Field label={i18n._('Reported')}>{formatDate(c.created_at)}</Field>
          </>
        ),
      };
    }
    case 'bans': {
      const b = item as BanRequest;
      const from = QUEUES.find((q) => q.name === b.queue);
      return {
        title: b.email ?? b.user_id,
        hasUnit: false,
        body: (
          <>
            <Field label={i18n._('Reason')}>{b.reason}</Field>
            <Field label={i18n._('From the queue')}>{from ? i18n._(from.label) : b.queue}</Field>
            <Field label={i18n._('Asked by')}>{b.requested_by ?? i18n._('A moderator')}</Field>
            <Field label={i18n._('Asked')}>{formatDate(b.created_at)}</Field>
          </>
        ),
      };
    }
  }
}

export function QueueItem({
  queue,
  item,
  onAction,
}: {
  queue: QueueName;
  item: QueueItems[QueueName];
  onAction: OnAction;
}) {
  const { title, body, hasUnit } = summary(queue, item);
  return (
    <Card data-testid="queue-item">
      <CardContent className="space-y-3">
        <h3 className="break-words font-medium text-slate-900">{title}</h3>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">{body}</dl>
        <div className="flex flex-wrap gap-2">
          {actionsFor(queue, hasUnit).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={isDestructive(action) ? 'danger' : 'outline'}
              onClick={() => onAction(action, title)}
            >
              {i18n._(ACTION_LABELS[action])}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
