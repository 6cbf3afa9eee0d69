// The brand as customers see it on every scan page: name, logo, website, support contact.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { i18n } from '@/lib/i18n/i18n';
import { profileSchema, type ProfileInput, type ProfileValues } from '../lib/schemas';
import { fromPaths, ImagePicker, type PickedImage } from './image-picker';

export interface BusinessProfileFormProps {
  initial: { brand_name: string; website: string | null; support_contact: string | null; logo_path: string | null };
  onSubmit(values: ProfileValues, logo: PickedImage | null): Promise<void>;
}

export function BusinessProfileForm({ initial, onSubmit }: BusinessProfileFormProps) {
  const [logo, setLogo] = useState<PickedImage[]>(fromPaths([initial.logo_path]));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      brand_name: initial.brand_name,
      website: initial.website ?? '',
      support_contact: initial.support_contact ?? '',
    },
  });
  return (
    <form
      aria-label={i18n._('Brand profile')}
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values, logo[0] ?? null);
        } catch {
          // The caller reported the failure; keep what the user entered.
        }
      })}
    >
      <FormField label={i18n._('Brand name')} error={errors.brand_name?.message} required>
        <Input autoComplete="organization" {...register('brand_name')} />
      </FormField>
      <FormField
        label={i18n._('Website')}
        error={errors.website?.message}
        hint={i18n._('Optional. Starts with https://')}
      >
        <Input type="url" inputMode="url" {...register('website')} />
      </FormField>
      <FormField
        label={i18n._('Support contact')}
        error={errors.support_contact?.message}
        hint={i18n._('Optional. An e-mail address or phone number customers can use.')}
      >
        <Input {...register('support_contact')} />
      </FormField>
      <ImagePicker label={i18n._('Logo')} images={logo} max={1} onChange={setLogo} />
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? i18n._('Saving...') : i18n._('Save profile')}
      </Button>
    </form>
  );
}
