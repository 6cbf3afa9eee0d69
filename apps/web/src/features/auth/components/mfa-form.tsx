import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { mfaCodeResolver, type MfaCodeValues } from '../lib/schemas';
import { usePlainForm } from '../lib/use-plain-form';
import { FormError } from './auth-card';
import { i18n } from '@/lib/i18n/i18n';

export interface MfaFormProps {
  onSubmit(values: MfaCodeValues): Promise<void>;
  onCancel(): void;
  error?: string | null;
}

export function MfaForm({ onSubmit, onCancel, error }: MfaFormProps) {
  const { field, handleSubmit, errors, isSubmitting } = usePlainForm<MfaCodeValues>(mfaCodeResolver, { code: '' });
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label={i18n._('Two-factor verification')}
    >
      <p className="text-sm text-slate-600">{i18n._('Enter the 6-digit code from your authenticator app.')}</p>
      <FormField label={i18n._('Authentication code')} error={errors.code?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus {...field('code')} />
      </FormField>
      <FormError message={error} />
      <div className="flex gap-2">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {i18n._('Cancel')}
        </Button>
        <Button type="submit" className="flex-1" loading={isSubmitting}>
          {isSubmitting ? i18n._('Verifying...') : i18n._('Verify')}
        </Button>
      </div>
    </form>
  );
}
