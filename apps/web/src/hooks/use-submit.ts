// A form that sends once and is then replaced by what it led to (a "check your inbox" note, a
// thank-you): its checks, while it sends (`pending`), and its refusal as the form's error text (by
// its code, lib/api-error.ts). A form that stays to be saved again uses use-save.ts instead.
import { useState, type FormEvent } from 'react';
import { toAppError } from '@/lib/api-error';

export function useSubmit() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /**
   * The form's onSubmit. `problem` answers the first thing wrong with the input, as the text to
   * show, or null; then `send` runs and `sent` after it. `pending` stays on after it is sent, so the
   * button cannot send twice while the form gives way; a refusal ends it and shows its text.
   */
  function onSubmit(problem: () => string | null, send: () => Promise<unknown>, sent: () => void) {
    return (e: FormEvent) => {
      e.preventDefault();
      const wrong = problem();
      setError(wrong);
      if (wrong) return;
      setPending(true);
      send().then(sent, (err: unknown) => {
        setPending(false);
        setError(toAppError(err).message);
      });
    };
  }
  return { pending, error, onSubmit };
}
