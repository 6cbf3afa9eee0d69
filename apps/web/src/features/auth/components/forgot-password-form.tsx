import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { forgotPasswordResolver, type ForgotPasswordValues } from '../lib/schemas';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export const RESET_SENT_MESSAGE = /*i18n*/ 'Check your email for the password reset link!';

export interface ForgotPasswordFormProps {
  onSubmit(values: ForgotPasswordValues): Promise<void>;
  error?: string | null;
  sent?: boolean;
}

export function ForgotPasswordForm({ onSubmit, error, sent = false }: ForgotPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: forgotPasswordResolver, defaultValues: { email: '' } });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={i18n._('Forgot password')}>
      <FormField label={i18n._('Email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {i18n._(RESET_SENT_MESSAGE)}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Sending...') : i18n._('Send Reset Link')}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.login} className="text-blue-700 hover:underline">
          {i18n._('Back to Login')}
        </Link>
      </p>
    </form>
  );
}
