// Password change: current password (checked by the server), new password twice.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MIN_PASSWORD_LENGTH } from '@/lib/password-policy';
import { passwordChangeSchema, type PasswordChangeValues } from '../lib/schemas';
import { i18n } from '@/lib/i18n/i18n';

export interface PasswordFormProps {
  onSubmit(values: PasswordChangeValues): Promise<void>;
}

export function PasswordForm({ onSubmit }: PasswordFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  return (
    <form
      aria-label={i18n._('Change password')}
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values);
          reset();
        } catch {
          // The caller reported the failure; keep what the user typed.
        }
      })}
    >
      <FormField label={i18n._('Current password')} error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </FormField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField
          label={i18n._('New password')}
          error={errors.newPassword?.message}
          hint={i18n._('At least {MIN_PASSWORD_LENGTH} characters, not a common password.', { MIN_PASSWORD_LENGTH })}
        >
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
        </FormField>
        <FormField label={i18n._('Confirm new password')} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
      </div>
      <p className="text-xs text-slate-600">{i18n._('Changing your password signs you out on every other device.')}</p>
      <Button type="submit" variant="outline" loading={isSubmitting}>
        {isSubmitting ? i18n._('Updating...') : i18n._('Change password')}
      </Button>
    </form>
  );
}
