// A minimal form hook for the screens on /auth (sign in, sign up, two-factor code), in plain React state.
// Why not react-hook-form here: its runtime (~12 KB gzip) loaded one round trip after the entry script and
// kept Lighthouse performance on /auth below target (bench/RESULTS.md). It keeps the parts of react-hook-form's
// default behaviour these forms rely on: validate on submit with the same resolvers (lib/schemas.ts), then
// re-validate on every change once a submit has been tried; focus the first invalid field; submit the
// normalised (trimmed) values; report isSubmitting while onSubmit runs.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

type Errors<T> = Partial<Record<keyof T & string, { message?: string }>>;

/** The values the form's fields show, or `values` itself when they show just that. */
function fieldValues<T extends FieldValues>(form: HTMLFormElement, values: T): T {
  let shown = values;
  for (const name of Object.keys(values)) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && typeof values[name] === 'string' && field.value !== values[name])
      shown = { ...shown, [name]: field.value };
  }
  return shown;
}

export function usePlainForm<T extends FieldValues>(resolver: Resolver<T>, defaultValues: T) {
  const [values, setValues] = useState<T>(defaultValues);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const latest = useRef(values);

  async function validate(current: T) {
    // The resolvers only read the values; context and options are unused.
    const result = await resolver(current, undefined, { fields: {}, shouldUseNativeValidation: false });
    return { values: result.values as T, errors: result.errors as Errors<T> };
  }

  function field(name: keyof T & string) {
    return {
      name,
      value: values[name] as string,
      onChange(event: ChangeEvent<HTMLInputElement>) {
        const next = { ...latest.current, [name]: event.target.value } as T;
        latest.current = next;
        setValues(next);
        if (submitted.current) {
          void validate(next).then((r) => {
            // Only apply if nothing newer was typed meanwhile.
            if (latest.current === next) setErrors(r.errors);
          });
        }
      },
    };
  }

  // Like react-hook-form's handleSubmit, onValid receives the values and the submit event.
  function handleSubmit(onValid: (values: T, event: FormEvent<HTMLFormElement>) => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (isSubmitting) return;
      const form = event.currentTarget;
      submitted.current = true;
      setSubmitting(true);
      // What the fields show is what is sent: a password manager may fill them without an input event
      // (Chrome keeps an autofilled password from the page until the person first touches it).
      const shown = fieldValues(form, latest.current);
      if (shown !== latest.current) {
        latest.current = shown;
        setValues(shown);
      }
      try {
        const result = await validate(latest.current);
        setErrors(result.errors);
        const invalid = Object.keys(result.errors);
        if (invalid.length > 0) {
          const first = Object.keys(latest.current).find((k) => invalid.includes(k));
          const el = first ? form.elements.namedItem(first) : null;
          if (el instanceof HTMLElement) el.focus();
          return;
        }
        await onValid(result.values, event);
      } finally {
        setSubmitting(false);
      }
    };
  }

  return { field, errors, isSubmitting, handleSubmit };
}
