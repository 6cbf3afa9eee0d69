// Adds a numbered range of units: prefix + zero-padded numbers (SN-0001 … SN-1000), up to 10,000
// at once. Shows the first and last serial before anything is sent; serials already there are
// skipped, so a range can be repeated safely.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { i18n } from '@/lib/i18n/i18n';
import { rangeEnds, rangeSchema, type RangeInput, type RangeValues } from '../lib/schemas';

export function UnitRangeForm({ onSubmit }: { onSubmit(values: RangeValues): Promise<void> }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RangeInput, unknown, RangeValues>({
    resolver: zodResolver(rangeSchema),
    defaultValues: { prefix: 'SN-', start: 1, count: 100, width: 4 },
  });
  const watched = useWatch({ control });
  const preview = rangeSchema.safeParse(watched);
  return (
    <form
      aria-label={i18n._('Add a range of units')}
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values);
        } catch {
          // Reported by the caller.
        }
      })}
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <FormField label={i18n._('Prefix')} error={errors.prefix?.message}>
          <Input autoComplete="off" {...register('prefix')} />
        </FormField>
        <FormField label={i18n._('First number')} error={errors.start?.message}>
          <Input type="number" inputMode="numeric" min={0} {...register('start')} />
        </FormField>
        <FormField label={i18n._('How many')} error={errors.count?.message}>
          <Input type="number" inputMode="numeric" min={1} max={10000} {...register('count')} />
        </FormField>
        <FormField label={i18n._('Digits')} error={errors.width?.message}>
          <Input type="number" inputMode="numeric" min={1} max={10} {...register('width')} />
        </FormField>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {preview.success
          ? i18n._('Adds {first} to {last}', rangeEnds(preview.data))
          : i18n._('Fix the fields above to see the serials.')}
      </p>
      <Button type="submit" loading={isSubmitting}>
        {i18n._('Add range')}
      </Button>
    </form>
  );
}
