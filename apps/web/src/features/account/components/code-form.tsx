// One 6-digit authenticator code, validated before it is sent.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { totpCodeSchema, type TotpCodeValues } from '../lib/schemas';
import { i18n } from '@/lib/i18n/i18n';

export interface CodeFormProps {
  label: string;
  submitLabel: string;
  busyLabel: string;
  variant?: 'primary' | 'danger';
  onSubmit(code: string): Promise<void>;
  onCancel?(): void;
}

export function CodeForm({ label, submitLabel, busyLabel, variant = 'primary', onSubmit, onCancel }: CodeFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TotpCodeValues>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });
  return (
    <form
      aria-label={label}
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit(async ({ code }) => {
        try {
          await onSubmit(code);
        } catch {
          reset({ code: '' });
        }
      })}
    >
      <FormField label={i18n._('6-digit code')} error={errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="max-w-40 tracking-widest"
          {...register('code')}
        />
      </FormField>
      <div className="flex gap-2">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            {i18n._('Cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant={variant} loading={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
