// Calls a server function and turns its {error} answer into an AppError with that message (the
// supabase-js FunctionsHttpError only says "non-2xx status" and keeps the response in context).
import { supabase } from '@/lib/supabase';
import { AppError, toAppError } from '@/lib/api-error';
import { weakPasswordMessage } from '@/lib/password-policy';

export async function invokeFunction<T>(name: string, body: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (!error) return data as T;
  const response = (error as { context?: unknown }).context;
  if (response instanceof Response) {
    const payload = (await response.json().catch(() => null)) as {
      error?: unknown; code?: unknown; message?: unknown; weak_password?: { reasons?: unknown };
    } | null;
    const reasons = payload?.code === 'weak_password' ? payload.weak_password?.reasons : undefined;
    const message = Array.isArray(reasons)
      ? weakPasswordMessage(reasons.filter((r): r is string => typeof r === 'string'))
      : typeof payload?.error === 'string' ? payload.error : typeof payload?.message === 'string' ? payload.message : undefined;
    if (message) {
      throw new AppError(message, { status: response.status, ...(typeof payload?.code === 'string' ? { code: payload.code } : {}) });
    }
  }
  throw toAppError(error);
}
