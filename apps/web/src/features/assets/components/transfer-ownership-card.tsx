// "Transfer ownership" on the asset page: the new owner gets an e-mail and accepts after signing
// in; until then the asset stays yours. Lost or stolen assets cannot be transferred.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toAppError } from '@/lib/api-error';
import { useOfferTransfer } from '../api/transfer-ownership';
import type { Asset } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';

const emailSchema = z.email();

export function TransferOwnershipCard({ asset }: { asset: Pick<Asset, 'id' | 'status'> }) {
  const offer = useOfferTransfer();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (asset.status !== 'active') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{i18n._('Transfer ownership')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-700">{i18n._('Assets reported lost or stolen cannot be transferred.')}</p>
        </CardContent>
      </Card>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!emailSchema.safeParse(value).success || value.length > 254) {
      setError(i18n._('Enter the e-mail address of the new owner'));
      return;
    }
    setError(undefined);
    offer.mutateAsync({ assetId: asset.id, email: value }).then(
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
      <CardContent>
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
