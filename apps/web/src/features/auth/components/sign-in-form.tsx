import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { signInResolver, type SignInValues } from '../lib/schemas';
import { usePlainForm } from '../lib/use-plain-form';
import { FormError } from './auth-card';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export interface SignInFormProps {
  onSubmit(values: SignInValues): Promise<void>;
  error?: string | null;
  defaultEmail?: string;
  /** Signed in, waiting for the app to load the profile and move on. */
  busy?: boolean;
}

export function SignInForm({ onSubmit, error, defaultEmail = '', busy = false }: SignInFormProps) {
  const { field, handleSubmit, errors, isSubmitting } = usePlainForm<SignInValues>(signInResolver, {
    email: defaultEmail,
    password: '',
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={i18n._('Sign in')}>
      <FormField label={i18n._('Email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </FormField>
      <FormField label={i18n._('Password')} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...field('password')} />
      </FormField>
      <div className="flex justify-end">
        <Link to={paths.forgotPassword} className="text-sm text-blue-700 hover:underline">
          {i18n._('Forgot password?')}
        </Link>
      </div>
      <FormError message={error} />
      <Button type="submit" className="w-full" loading={isSubmitting || busy}>
        {isSubmitting || busy ? i18n._('Signing in...') : i18n._('Sign In')}
      </Button>
    </form>
  );
}
