// A labelled switch (a real checkbox underneath, so keyboard and screen readers work as usual).
import type { InputHTMLAttributes, ReactNode } from 'react';
import { forwardRef, useId } from 'react';

export interface ToggleFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

export const ToggleField = forwardRef<HTMLInputElement, ToggleFieldProps>(function ToggleField(
  { label, description, id, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const descId = description ? `${fieldId}-desc` : undefined;
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={fieldId} className="font-medium text-slate-900">
          {label}
        </label>
        {description ? (
          <p id={descId} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0 items-center">
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          role="switch"
          aria-describedby={descId}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          {...rest}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
});
