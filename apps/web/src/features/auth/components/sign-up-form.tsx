import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MIN_PASSWORD_LENGTH } from '@/lib/password-policy';
import { signUpResolver, type SignUpValues } from '../lib/schemas';
import { usePlainForm } from '../lib/use-plain-form';
import { FormError } from './auth-card';
import { i18n } from '@/lib/i18n/i18n';

export interface SignUpFormProps {
  onSubmit(values: SignUpValues): Promise<void>;
  error?: string | null;
  submitLabel?: string;
}

export function SignUpForm({ onSubmit, error, submitLabel = i18n._('Create Account') }: SignUpFormProps) {
  const { field, handleSubmit, errors, isSubmitting } = usePlainForm<SignUpValues>(signUpResolver, {
    fullName: '',
    email: '',
    password: '',
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={i18n._('Sign up')}>
      <FormField label={i18n._('Full Name')} error={errors.fullName?.message}>
        <Input autoComplete="name" {...field('fullName')} />
      </FormField>
      <FormField label={i18n._('Email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </FormField>
      <FormField
        label={i18n._('Password')}
        error={errors.password?.message}
        hint={i18n._('At least {MIN_PASSWORD_LENGTH} characters, not a common password.', { MIN_PASSWORD_LENGTH })}
      >
        <Input type="password" autoComplete="new-password" {...field('password')} />
      </FormField>
      <FormError message={error} />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? i18n._('Creating account...') : submitLabel}
      </Button>
    </form>
  );
}
