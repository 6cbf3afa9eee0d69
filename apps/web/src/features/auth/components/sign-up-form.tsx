import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MIN_PASSWORD_LENGTH } from '@/lib/password-policy';
import { signUpResolver, type SignUpValues } from '../lib/schemas';
import { usePlainForm } from '../lib/use-plain-form';
import { FormError } from './auth-card';

export interface SignUpFormProps {
  onSubmit(values: SignUpValues): Promise<void>;
  error?: string | null;
  submitLabel?: string;
}

export function SignUpForm({ onSubmit, error, submitLabel = 'Create Account' }: SignUpFormProps) {
  const { field, handleSubmit, errors, isSubmitting } = usePlainForm<SignUpValues>(signUpResolver, {
    fullName: '',
    email: '',
    password: '',
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Sign up">
      <FormField label="Full Name" error={errors.fullName?.message}>
        <Input autoComplete="name" {...field('fullName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`}
      >
        <Input type="password" autoComplete="new-password" {...field('password')} />
      </FormField>
      <FormError message={error} />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? 'Creating account...' : submitLabel}
      </Button>
    </form>
  );
}
