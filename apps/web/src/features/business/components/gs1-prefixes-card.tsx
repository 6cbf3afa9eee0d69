// The business's GS1 company prefixes on its brand profile (decision 0140): a GTIN belongs to the
// company GS1 licensed its prefix to, so a product's labels show the brand as genuine only once an
// administrator has verified a prefix covering its GTIN. Declared, waiting, verified or refused
// (with the administrator's reason), and withdrawn here.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import type { Gs1Prefix } from '../api/gs1-prefixes';
import { prefixSchema, type PrefixInput, type PrefixValues } from '../lib/gs1-prefix';
import { RecordList } from '@/components/ui/record-list';

export interface Gs1PrefixesCardProps {
  prefixes: Gs1Prefix[];
  onDeclare(values: PrefixValues): Promise<void>;
  onWithdraw(prefix: Gs1Prefix): Promise<void>;
}

const KIND_LABELS: Record<Gs1Prefix['kind'], string> = {
  company_prefix: /*i18n*/ 'Company prefix',
  single_gtin: /*i18n*/ 'One GTIN',
};

function Status({ prefix }: { prefix: Gs1Prefix }) {
  if (prefix.status === 'verified')
    return (
      <Badge tone="success">
        {i18n._('Verified on {date}', { date: formatDate(prefix.decided_at ?? prefix.created_at) })}
      </Badge>
    );
  if (prefix.status === 'rejected') return <Badge tone="danger">{i18n._('Refused')}</Badge>;
  return <Badge tone="warning">{i18n._('Waiting for verification')}</Badge>;
}

function DeclareForm({ onDeclare }: { onDeclare: Gs1PrefixesCardProps['onDeclare'] }) {
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PrefixInput, unknown, PrefixValues>({
    resolver: zodResolver(prefixSchema),
    defaultValues: { kind: 'company_prefix', value: '', reference: '' },
  });
  const kind = watch('kind');
  return (
    <form
      aria-label={i18n._('Declare a GS1 prefix')}
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onDeclare(values);
          reset({ kind: values.kind, value: '', reference: '' });
        } catch {
          // The caller reported the failure; keep what the user entered.
        }
      })}
    >
      <FormField label={i18n._('What GS1 licensed to you')}>
        <Select
          {...register('kind')}
          options={[
            { value: 'company_prefix', label: i18n._('A company prefix (4 to 12 digits)') },
            { value: 'single_gtin', label: i18n._('One GTIN licensed on its own, or a GTIN-8') },
          ]}
        />
      </FormField>
      <FormField
        label={kind === 'single_gtin' ? i18n._('GTIN') : i18n._('Company prefix')}
        error={errors.value?.message}
        hint={
          kind === 'single_gtin'
            ? i18n._('The whole number under the barcode: 8, 12, 13 or 14 digits.')
            : i18n._(
                'As on your GS1 licence. A U.P.C. company prefix (USA, Canada) gets a 0 in front, as in the 13-digit barcode.',
              )
        }
        required
      >
        <Input inputMode="numeric" autoComplete="off" {...register('value')} />
      </FormField>
      <FormField
        label={i18n._('Where an administrator can check it')}
        error={errors.reference?.message}
        hint={i18n._('Your GS1 licence or membership number and your GS1 member organisation.')}
        required
      >
        <Input {...register('reference')} />
      </FormField>
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? i18n._('Sending...') : i18n._('Declare for verification')}
      </Button>
    </form>
  );
}

export function Gs1PrefixesCard({ prefixes, onDeclare, onWithdraw }: Gs1PrefixesCardProps) {
  const [withdrawing, setWithdrawing] = useState<Gs1Prefix | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card className="mt-6" data-testid="gs1-prefixes">
      <CardHeader>
        <CardTitle>{i18n._('GS1 company prefixes')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <p className="text-sm text-slate-700">
          {i18n._(
            'A barcode number (GTIN) belongs to the company GS1 licensed its prefix to. Declare yours: an administrator checks it against GS1’s records. Until a verified prefix covers a product’s GTIN, its labels do not show your brand as genuine: scans say that no verified brand holds the barcode.',
          )}
        </p>
        <RecordList items={prefixes} label={i18n._('Your GS1 prefixes')} empty={i18n._('No prefix declared yet.')}>
          {(p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm"
              data-testid="gs1-prefix"
            >
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-base text-slate-900">{p.prefix}</span>
                  <span className="text-slate-600">{i18n._(KIND_LABELS[p.kind])}</span>
                  <Status prefix={p} />
                </p>
                {p.reference ? <p className="break-words text-slate-600">{p.reference}</p> : null}
                {p.status === 'rejected' && p.evidence ? (
                  <p className="break-words text-red-800">{i18n._('Reason: {reason}', { reason: p.evidence })}</p>
                ) : null}
              </div>
              <Button size="sm" variant="outline" onClick={() => setWithdrawing(p)}>
                {i18n._('Withdraw')}
              </Button>
            </li>
          )}
        </RecordList>
        <DeclareForm onDeclare={onDeclare} />
      </CardContent>
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={i18n._('Withdraw prefix {prefix}?', { prefix: withdrawing?.prefix ?? '' })}
        message={
          withdrawing?.status === 'verified'
            ? i18n._(
                'Your products under this prefix stop showing as genuine on scan pages until a prefix covering them is verified again.',
              )
            : i18n._('The declaration is deleted. You can declare the prefix again later.')
        }
        confirmLabel={i18n._('Withdraw')}
        cancelLabel={i18n._('Cancel')}
        destructive={withdrawing?.status === 'verified'}
        loading={busy}
        onConfirm={() => {
          if (!withdrawing) return;
          setBusy(true);
          void onWithdraw(withdrawing)
            .then(() => setWithdrawing(null))
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      />
    </Card>
  );
}
