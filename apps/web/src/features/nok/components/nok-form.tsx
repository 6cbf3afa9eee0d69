// Add or edit one next-of-kin contact.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { nokSchema, RELATIONSHIPS, type NokFormInput, type NokFormValues } from '../lib/schema';

export interface NokFormProps {
  initial?: Partial<{ full_name: string; relationship: string; email: string | null; phone: string | null; notes: string | null; is_primary: boolean }>;
  submitLabel: string;
  onSubmit(values: NokFormValues): Promise<void>;
  onCancel(): void;
}

export function NokForm({ initial, submitLabel, onSubmit, onCancel }: NokFormProps) {
  const {
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
    },
  });
  const relationship = initial?.relationship;
  const options = RELATIONSHIPS.includes(relationship ?? '') || !relationship ? RELATIONSHIPS : [relationship, ...RELATIONSHIPS];
  return (
    <form
      aria-label="Next of kin"
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values);
        } catch {
          // The caller reported it; keep the form filled in.
        }
      })}
    >
      <FormField label="Full name" error={errors.full_name?.message} required>
        <Input autoComplete="off" {...register('full_name')} />
      </FormField>
      <FormField label="Relationship" error={errors.relationship?.message} required>
        <Select placeholder="Choose…" options={options.map((r) => ({ value: r, label: r }))} {...register('relationship')} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Email" error={errors.email?.message} hint="An e-mail address or a phone number is required.">
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </FormField>
      </div>
      <FormField label="Notes" error={errors.notes?.message} hint="Optional: where documents are, who else to call, anything they should know.">
        <Textarea rows={3} {...register('notes')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('is_primary')} />
        Primary contact (the first person to inform)
      </label>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
