// Calls a server function and turns its {error} answer into an AppError with that message (the
// supabase-js FunctionsHttpError only says "non-2xx status" and keeps the response in context).
import { supabase } from '@/lib/supabase';
import { AppError, toAppError } from '@/lib/api-error';

export async function invokeFunction<T>(name: string, body: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (!error) return data as T;
  const response = (error as { context?: unknown }).context;
  if (response instanceof Response) {
    const payload = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown; message?: unknown } | null;
    const message = typeof payload?.error === 'string' ? payload.error : typeof payload?.message === 'string' ? payload.message : undefined;
    if (message) {
      throw new AppError(message, { status: response.status, ...(typeof payload?.code === 'string' ? { code: payload.code } : {}) });
    }
  }
  throw toAppError(error);
}
