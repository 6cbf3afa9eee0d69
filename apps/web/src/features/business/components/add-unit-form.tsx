// Adds one unit by its serial number.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { i18n } from '@/lib/i18n/i18n';
import { unitSchema, type UnitValues } from '../lib/schemas';

export function AddUnitForm({ onSubmit }: { onSubmit(serial: string): Promise<void> }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UnitValues>({ resolver: zodResolver(unitSchema), defaultValues: { serial: '' } });
  return (
    <form
      aria-label={i18n._('Add one unit')}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={handleSubmit(async ({ serial }) => {
        try {
          await onSubmit(serial);
          reset({ serial: '' });
        } catch {
          // Reported by the caller.
        }
      })}
    >
      <FormField label={i18n._('Serial number')} error={errors.serial?.message} className="flex-1 space-y-1">
        <Input autoComplete="off" {...register('serial')} />
      </FormField>
      <Button type="submit" className="sm:mt-6" loading={isSubmitting}>
        {i18n._('Add unit')}
      </Button>
    </form>
  );
}
