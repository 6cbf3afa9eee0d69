// E-mail change: the new address must be confirmed from the link the server mails to it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { emailChangeSchema, type EmailChangeValues } from '../lib/schemas';
import { i18n } from '@/lib/i18n/i18n';

export interface EmailFormProps {
  currentEmail: string | null;
  /** An address waiting for confirmation, if any. */
  pendingEmail?: string | null;
  onSubmit(email: string): Promise<void>;
}

export function EmailForm({ currentEmail, pendingEmail, onSubmit }: EmailFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeValues>({
    resolver: zodResolver(emailChangeSchema(currentEmail)),
    defaultValues: { email: '' },
  });
  const waiting = sentTo ?? pendingEmail ?? null;
  return (
    <form
      aria-label={i18n._('Change e-mail')}
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit(async ({ email }) => {
        try {
          await onSubmit(email);
          setSentTo(email);
          reset({ email: '' });
        } catch {
          // The caller reported the failure; keep what the user typed.
        }
      })}
    >
      <p className="text-sm text-slate-700">
        {i18n._('Current address:')} <strong>{currentEmail ?? '—'}</strong>
      </p>
      <FormField label={i18n._('New e-mail address')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      {waiting ? (
        <p role="status" className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">
          {i18n._('We sent a confirmation link to')} {waiting}
          {i18n._('. The change applies once you open it')}
          {currentEmail ? i18n._(' (and the one sent to {currentEmail})', { currentEmail }) : ''}.
        </p>
      ) : null}
      <Button type="submit" variant="outline" loading={isSubmitting}>
        {isSubmitting ? i18n._('Sending...') : i18n._('Change e-mail')}
      </Button>
    </form>
  );
}
