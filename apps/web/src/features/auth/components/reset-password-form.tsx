import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { MIN_PASSWORD_LENGTH } from '@/lib/password-policy';
import { Input } from '@/components/ui/input';
import { resetPasswordResolver, type ResetPasswordValues } from '../lib/schemas';
import { i18n } from '@/lib/i18n/i18n';

export interface ResetPasswordFormProps {
  onSubmit(values: ResetPasswordValues): Promise<void>;
}

export function ResetPasswordForm({ onSubmit }: ResetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: resetPasswordResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={i18n._('Reset password')}>
      <FormField
        label={i18n._('New Password')}
        error={errors.password?.message}
        hint={i18n._('At least {MIN_PASSWORD_LENGTH} characters, not a common password.', { MIN_PASSWORD_LENGTH })}
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label={i18n._('Confirm Password')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Updating...') : i18n._('Update Password')}
      </Button>
    </form>
  );
}
