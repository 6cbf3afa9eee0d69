import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';

const base =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-blue-600 focus:outline-2 focus:outline-offset-0 focus:outline-blue-600 disabled:bg-slate-100';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, invalid, readOnly, ...rest },
  ref,
) {
  // Read-only until a prerendered page is hydrated (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  return (
    <input
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(base, invalid ? 'border-red-500' : 'border-slate-300', className)}
      readOnly={readOnly || !hydrated}
      {...rest}
    />
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, invalid, readOnly, ...rest },
  ref,
) {
  const hydrated = useHydrated();
  return (
    <textarea
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(base, invalid ? 'border-red-500' : 'border-slate-300', className)}
      readOnly={readOnly || !hydrated}
      {...rest}
    />
  );
});
