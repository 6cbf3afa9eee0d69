// Password change: current password (checked by the server), new password twice.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MIN_PASSWORD_LENGTH } from '@/lib/password-policy';
import { passwordChangeSchema, type PasswordChangeValues } from '../lib/schemas';

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
      aria-label="Change password"
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
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </FormField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField label="New password" error={errors.newPassword?.message} hint={`At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`}>
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
      </div>
      <p className="text-xs text-slate-600">Changing your password signs you out on every other device.</p>
      <Button type="submit" variant="outline" loading={isSubmitting}>
        {isSubmitting ? 'Updating...' : 'Change password'}
      </Button>
    </form>
  );
}
