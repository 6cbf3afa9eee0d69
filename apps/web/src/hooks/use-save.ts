// A form's save: while it runs (`saving`), its refusal as the form's error text (by its code,
// lib/api-error.ts), and a toast when it is done. Shared by the admin settings cards.
import { useState } from 'react';
import { toast } from 'sonner';
import { toAppError } from '@/lib/api-error';

export function useSave() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(action: () => Promise<unknown>, doneMessage: string) {
    setSaving(true);
    setError(null);
    try {
      await action();
      toast.success(doneMessage);
    } catch (err) {
      setError(toAppError(err).message);
    } finally {
      setSaving(false);
    }
  }
  return { saving, error, setError, save };
}
