// GS1 prefixes on the admin dashboard (decision 0140): a business's declared prefix, shown with
// what the decision needs — its brand and whether it holds the verified badge (the two go
// together), the reference it gave, other businesses that declared overlapping numbers, and what a
// verification does to GTINs — then verified or refused with the evidence the admin checked. A
// verified prefix can be withdrawn the same way.
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { useDecidePrefix, usePrefixReviews, type PrefixReview, type PrefixStatus } from '../api/gs1-prefixes';
import { RecordList } from '@/components/ui/record-list';

const TABS: { status: PrefixStatus; label: string }[] = [
  { status: 'pending', label: /*i18n*/ 'Waiting' },
  { status: 'verified', label: /*i18n*/ 'Verified' },
  { status: 'rejected', label: /*i18n*/ 'Refused' },
];

const MAX_EVIDENCE = 1000;

export interface PrefixReviewItemProps {
  review: PrefixReview;
  busy: boolean;
  onDecide(approve: boolean, evidence: string): void;
}

export function PrefixReviewItem({ review: r, busy, onDecide }: PrefixReviewItemProps) {
  const [evidence, setEvidence] = useState('');
  const [error, setError] = useState('');
  const decide = (approve: boolean) => {
    const text = evidence.trim();
    if (!text) {
      setError(
        approve ? i18n._('Write what you checked, e.g. the GS1 record') : i18n._('Write why, for the business to read'),
      );
      return;
    }
    if (text.length > MAX_EVIDENCE) {
      setError(i18n._('At most 1000 characters'));
      return;
    }
    setError('');
    onDecide(approve, text);
  };
  return (
    <li className="space-y-2 py-4 text-sm" data-testid="prefix-review">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-base text-slate-900">{r.prefix}</span>
        <span className="text-slate-600">
          {r.kind === 'single_gtin' ? i18n._('One GTIN') : i18n._('Company prefix')}
        </span>
        {r.verified_business ? (
          <Badge tone="success">{i18n._('Verified business')}</Badge>
        ) : (
          <Badge tone="danger">{i18n._('No verified badge')}</Badge>
        )}
      </p>
      <p className="break-words text-slate-800">
        {r.brand_name ?? i18n._('No brand profile')} · {r.email ?? '—'}
      </p>
      <p className="break-words text-slate-600">
        {r.reference ? i18n._('Reference: {reference}', { reference: r.reference }) : i18n._('No reference given')}
      </p>
      <p className="text-xs text-slate-500">{i18n._('Declared {date}', { date: formatDate(r.created_at) })}</p>
      {r.overlaps.length > 0 && (
        <div
          className="rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900"
          data-testid="prefix-overlaps"
        >
          <p className="font-medium">{i18n._('Other businesses declared overlapping numbers:')}</p>
          <ul className="list-inside list-disc">
            {r.overlaps.map((o) => (
              <li key={`${o.prefix}-${o.email ?? ''}`} className="break-words">
                {o.prefix} · {o.brand_name ?? i18n._('No brand profile')} · {o.email ?? '—'} ·{' '}
                {o.status === 'verified' ? i18n._('verified') : i18n._('waiting')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {r.status === 'pending' && (
        <p className="text-slate-700">
          {i18n._(
            'Verifying covers {own, plural, one {# product} other {# products}} of this business and takes back {others, plural, =0 {no GTIN} one {# GTIN} other {# GTINs}} from other businesses.',
            { own: r.own_products, others: r.gtins_of_others },
          )}
        </p>
      )}
      {r.status !== 'pending' && (
        <p className="break-words text-slate-700">
          {i18n._('{by} on {date}: {evidence}', {
            by: r.decided_by ?? i18n._('An administrator'),
            date: formatDate(r.decided_at ?? r.created_at),
            evidence: r.evidence ?? '',
          })}
        </p>
      )}
      {r.status !== 'rejected' && (
        <div className="space-y-2">
          <FormField
            label={r.status === 'pending' ? i18n._('What you checked') : i18n._('Why you withdraw the verification')}
            error={error}
            hint={
              r.status === 'pending'
                ? i18n._(
                    'For example the GS1 record (GEPIR) naming this business as the licensee. Kept with the decision.',
                  )
                : undefined
            }
            required
          >
            <Textarea rows={2} value={evidence} onChange={(e) => setEvidence(e.target.value)} />
          </FormField>
          <div className="flex flex-wrap gap-2">
            {r.status === 'pending' && (
              <Button size="sm" loading={busy} disabled={!r.verified_business} onClick={() => decide(true)}>
                {i18n._('Verify')}
              </Button>
            )}
            <Button
              size="sm"
              variant={r.status === 'pending' ? 'outline' : 'danger'}
              disabled={busy}
              onClick={() => decide(false)}
            >
              {r.status === 'pending' ? i18n._('Refuse') : i18n._('Withdraw verification')}
            </Button>
          </div>
          {r.status === 'pending' && !r.verified_business && (
            <p className="text-slate-600">
              {i18n._('Approve the business account first: a prefix is verified together with the verified badge.')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** The card, with its own queries: the admin dashboard places it beside the business requests. */
export function Gs1PrefixesCard() {
  const [status, setStatus] = useState<PrefixStatus>('pending');
  const reviews = usePrefixReviews(status);
  const decide = useDecidePrefix();
  const [busyId, setBusyId] = useState<string | null>(null);
  return (
    <Card data-testid="gs1-prefix-reviews">
      <CardHeader>
        <CardTitle>{i18n._('GS1 company prefixes')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div role="group" aria-label={i18n._('Show prefixes')} className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <Button
              key={t.status}
              size="sm"
              variant={status === t.status ? 'primary' : 'outline'}
              aria-pressed={status === t.status}
              onClick={() => setStatus(t.status)}
            >
              {i18n._(t.label)}
            </Button>
          ))}
        </div>
        {reviews.isLoading ? (
          <LoadingBlock label={i18n._('Loading...')} />
        ) : reviews.isError ? (
          <ErrorRetry message={toAppError(reviews.error).message} onRetry={() => void reviews.refetch()} />
        ) : (
          <RecordList items={reviews.data ?? []} label={i18n._('GS1 company prefixes')} empty={i18n._('Nothing here.')}>
            {(r) => (
              <PrefixReviewItem
                key={r.id}
                review={r}
                busy={busyId === r.id}
                onDecide={(approve, evidence) => {
                  setBusyId(r.id);
                  decide
                    .mutateAsync({ id: r.id, approve, evidence })
                    .then((result) =>
                      toast.success(
                        result.status === 'verified'
                          ? i18n._(
                              'Prefix {prefix} verified: {taken, plural, =0 {no GTIN} one {# GTIN} other {# GTINs}} taken back from other businesses',
                              { prefix: r.prefix, taken: result.gtins_taken_back ?? 0 },
                            )
                          : i18n._('Prefix {prefix} refused', { prefix: r.prefix }),
                      ),
                    )
                    .catch((err: unknown) => toast.error(toAppError(err).message))
                    .finally(() => setBusyId(null));
                }}
              />
            )}
          </RecordList>
        )}
      </CardContent>
    </Card>
  );
}
