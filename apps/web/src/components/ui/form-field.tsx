import { i18n } from '@/lib/i18n/i18n';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface FormFieldProps {
  label: ReactNode;
  /** The input; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
  required?: boolean;
  className?: string;
}

/** A label, the control, and its hint/error text, wired together for screen readers. */
export function FormField({ label, children, error, hint, id, required, className }: FormFieldProps) {
  const generated = useId();
  const fieldId = id ?? (children.props.id as string | undefined) ?? generated;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: fieldId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        invalid: error ? true : undefined,
      })
    : children;
  return (
    <div className={className ?? 'space-y-1'}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {/* Validation messages are catalogue ids (schemas are built once, before any language is chosen). */}
          {i18n._(error)}
        </p>
      )}
    </div>
  );
}
