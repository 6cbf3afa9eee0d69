import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options?: SelectOption[];
  invalid?: boolean;
  placeholder?: string;
}

/**
 * A native select (keyboard and screen-reader behaviour for free), styled like Input. On a prerendered
 * page a choice made before the app has started is told to it once it has (lib/early-actions.ts).
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { options, invalid, placeholder, className, children, ...rest },
  ref,
) {
  return (
    <select
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(
        'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900',
        'focus:border-blue-600 focus:outline-2 focus:outline-offset-0 focus:outline-blue-600',
        invalid ? 'border-red-500' : 'border-slate-300',
        className,
      )}
      {...rest}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
});
