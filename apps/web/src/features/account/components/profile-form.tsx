// Personal information: full name, phone, country, short bio.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { profileSchema, type ProfileInput, type ProfileValues } from '../lib/schemas';
import { i18n } from '@/lib/i18n/i18n';

export interface ProfileFormProps {
  initial: { full_name: string | null; phone: string | null; country: string | null; bio: string | null };
  onSubmit(values: ProfileValues): Promise<void>;
}

export function ProfileForm({ initial, onSubmit }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      full_name: initial.full_name ?? '',
      phone: initial.phone ?? '',
      country: initial.country ?? '',
      bio: initial.bio ?? '',
    },
  });

  return (
    <form
      aria-label={i18n._('Personal information')}
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values);
          reset({
            full_name: values.full_name,
            phone: values.phone ?? '',
            country: values.country ?? '',
            bio: values.bio ?? '',
          });
        } catch {
          // The caller reported the failure; keep what the user typed.
        }
      })}
    >
      <FormField label={i18n._('Full name')} error={errors.full_name?.message} required>
        <Input autoComplete="name" {...register('full_name')} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          label={i18n._('Phone')}
          error={errors.phone?.message}
          hint={i18n._('Optional. Only you and administrators see it.')}
        >
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField label={i18n._('Country')} error={errors.country?.message} hint={i18n._('Optional.')}>
          <Input autoComplete="country-name" {...register('country')} />
        </FormField>
      </div>
      <FormField label={i18n._('Bio')} error={errors.bio?.message} hint={i18n._('Optional, up to 500 characters.')}>
        <Textarea rows={3} {...register('bio')} />
      </FormField>
      <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
        {isSubmitting ? i18n._('Saving...') : i18n._('Save changes')}
      </Button>
    </form>
  );
}
