import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { forgotPasswordResolver, type ForgotPasswordValues } from '../lib/schemas';

export const RESET_SENT_MESSAGE = 'Check your email for the password reset link!';

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
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Forgot password">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {RESET_SENT_MESSAGE}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className="text-blue-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </form>
  );
}
