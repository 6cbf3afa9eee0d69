// Add or edit one next-of-kin contact.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ASSET_KINDS, nokSchema, RELATIONSHIPS, type NokFormInput, type NokFormValues } from '../lib/schema';
import { i18n } from '@/lib/i18n/i18n';
import type { NextOfKin } from '../api/next-of-kin';
import type { AssetChoice } from '../api/asset-choices';
import { AssetPicker } from './asset-picker';

export interface NokFormProps {
  initial?: Partial<
    Pick<
      NextOfKin,
      | 'full_name'
      | 'relationship'
      | 'email'
      | 'phone'
      | 'notes'
      | 'is_primary'
      | 'access_level'
      | 'message'
      | 'receives_kinds'
      | 'receives_assets'
    >
  >;
  /** The owner's assets to choose single ones from (undefined while they load). */
  assets?: AssetChoice[] | undefined;
  /** The owner's assets could not be loaded. */
  assetsFailed?: boolean;
  submitLabel: string;
  onSubmit(values: NokFormValues): Promise<void>;
  onCancel(): void;
}

export function NokForm({ initial, assets, assetsFailed, submitLabel, onSubmit, onCancel }: NokFormProps) {
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NokFormInput, unknown, NokFormValues>({
    resolver: zodResolver(nokSchema),
    defaultValues: {
      full_name: initial?.full_name ?? '',
      relationship: initial?.relationship ?? '',
      email: initial?.email ?? '',
      phone: initial?.phone ?? '',
      notes: initial?.notes ?? '',
      is_primary: initial?.is_primary ?? false,
      access_level: initial?.access_level ?? 'view',
      message: initial?.message ?? '',
      receives_kinds: (initial?.receives_kinds ?? []) as NokFormInput['receives_kinds'],
      receives_assets: initial?.receives_assets ?? [],
    },
  });
  const relationship = initial?.relationship;
  const options =
    RELATIONSHIPS.includes(relationship ?? '') || !relationship ? RELATIONSHIPS : [relationship, ...RELATIONSHIPS];
  return (
    <form
      aria-label={i18n._('Next of kin')}
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        try {
          // An asset deleted or given away since it was chosen is no longer the owner's to pass on.
          const owned = assets ? new Set(assets.map((a) => a.id)) : null;
          await onSubmit(
            owned ? { ...values, receives_assets: values.receives_assets.filter((id) => owned.has(id)) } : values,
          );
        } catch {
          // The caller reported it; keep the form filled in.
        }
      })}
    >
      <FormField label={i18n._('Full name')} error={errors.full_name?.message} required>
        <Input autoComplete="off" {...register('full_name')} />
      </FormField>
      <FormField label={i18n._('Relationship')} error={errors.relationship?.message} required>
        <Select
          placeholder={i18n._('Choose…')}
          options={options.map((r) => ({ value: r, label: i18n._(r) }))}
          {...register('relationship')}
        />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          label={i18n._('Email')}
          error={errors.email?.message}
          hint={i18n._('An e-mail address or a phone number is required.')}
        >
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label={i18n._('Phone')} error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </FormField>
      </div>
      <FormField
        label={i18n._('Notes')}
        error={errors.notes?.message}
        hint={i18n._('Optional: where documents are, who else to call, anything they should know.')}
      >
        <Textarea rows={3} {...register('notes')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('is_primary')} />
        {i18n._('Primary contact (the first person to inform)')}
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">
          {i18n._('What they receive if your legacy is released')}
        </legend>
        {ASSET_KINDS.map((k) => (
          <label key={k.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              value={k.value}
              className="h-4 w-4 rounded border-slate-300"
              {...register('receives_kinds')}
            />
            {k.label}
          </label>
        ))}
      </fieldset>
      <Controller
        control={control}
        name="receives_assets"
        render={({ field }) => (
          <AssetPicker assets={assets} failed={assetsFailed} value={field.value} onChange={field.onChange} />
        )}
      />
      {errors.receives_assets?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {i18n._(errors.receives_assets.message)}
        </p>
      ) : null}
      <FormField
        label={i18n._('Access level')}
        error={errors.access_level?.message}
        hint={i18n._('View: details, media, certificates and instructions. Inherit: may also take over ownership.')}
      >
        <Select
          options={[
            { value: 'view', label: i18n._('View') },
            { value: 'inherit', label: i18n._('Inherit') },
          ]}
          {...register('access_level')}
        />
      </FormField>
      <FormField
        label={i18n._('Personal message')}
        error={errors.message?.message}
        hint={i18n._('Shown to them only after release.')}
      >
        <Textarea rows={3} {...register('message')} />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {i18n._('Cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? i18n._('Saving...') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
