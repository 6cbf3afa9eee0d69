// "Transfer ownership" on the asset page: the new owner gets an e-mail naming the asset and the
// sender, and accepts after signing in; until then the asset stays yours, and the offers still
// pending are listed here, each with a way to cancel it. Lost or stolen assets cannot be transferred.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toAppError } from '@/lib/api-error';
import { isEmailAddress } from '@/lib/email-address';
import {
  useCancelTransfer,
  useOfferTransfer,
  usePendingTransfers,
  type PendingTransfer,
} from '../api/transfer-ownership';
import type { Asset } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';

function PendingTransfers({ assetId }: { assetId: string }) {
  const pending = usePendingTransfers(assetId);
  const cancel = useCancelTransfer(assetId);
  const [cancelling, setCancelling] = useState<PendingTransfer | null>(null);
  if (pending.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {i18n._('Could not load the pending transfers:')} {toAppError(pending.error).message}
      </p>
    );
  }
  if (!pending.data?.length) return null;
  return (
    <section aria-labelledby={`pending-transfers-${assetId}`} className="space-y-2">
      <h3 id={`pending-transfers-${assetId}`} className="text-sm font-semibold text-slate-900">
        {i18n._('Waiting for an answer')}
      </h3>
      <ul className="space-y-2">
        {pending.data.map((t) => (
          <li
            key={t.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
          >
            <span className="min-w-0 break-words text-sm text-slate-800">
              {i18n._('Offered to {email} on {date}. The asset stays yours until they accept.', {
                email: t.to_email,
                date: formatDate(t.created_at),
              })}
            </span>
            <Button
              size="sm"
              variant="outline"
              aria-label={i18n._('Cancel the transfer to {email}', { email: t.to_email })}
              onClick={() => setCancelling(t)}
            >
              {i18n._('Cancel transfer')}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={i18n._('Cancel this transfer?')}
        message={
          cancelling
            ? i18n._('{email} will no longer be able to accept this asset. You can offer it again later.', {
                email: cancelling.to_email,
              })
            : ''
        }
        confirmLabel={i18n._('Cancel transfer')}
        cancelLabel={i18n._('Keep the offer')}
        destructive
        loading={cancel.isPending}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutateAsync(cancelling.id).then(
            () => {
              toast.success(i18n._('Transfer cancelled'));
              setCancelling(null);
            },
            (err: unknown) => void toast.error(toAppError(err, i18n._('Could not cancel the transfer')).message),
          );
        }}
      />
    </section>
  );
}

export function TransferOwnershipCard({ asset }: { asset: Pick<Asset, 'id' | 'status'> }) {
  const offer = useOfferTransfer(asset.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (asset.status !== 'active') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{i18n._('Transfer ownership')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-slate-700">{i18n._('Assets reported lost or stolen cannot be transferred.')}</p>
          <PendingTransfers assetId={asset.id} />
        </CardContent>
      </Card>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!isEmailAddress(value) || value.length > 254) {
      setError(i18n._('Enter the e-mail address of the new owner'));
      return;
    }
    setError(undefined);
    offer.mutateAsync(value).then(
      () => {
        toast.success(i18n._('We e-mailed {value}. The asset moves when they accept.', { value }));
        setEmail('');
      },
      (err: unknown) => setError(toAppError(err, i18n._('Could not offer the transfer')).message),
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Transfer ownership')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <PendingTransfers assetId={asset.id} />
        <form aria-label={i18n._('Transfer ownership')} noValidate onSubmit={submit} className="space-y-3">
          <FormField
            label={i18n._("New owner's e-mail")}
            error={error}
            hint={i18n._('The asset moves with its media and history when they accept.')}
          >
            <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" loading={offer.isPending}>
              {i18n._('Offer transfer')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
