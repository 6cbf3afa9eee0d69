// Calls a server function with the session's token (when signed in) and turns its {error, code}
// answers into AppErrors that keep the extra fields (e.g. the server's quote on a price change).
import { AppError } from '@/lib/api-error';
import { appConfig } from '@/lib/app-config';
import { supabase } from '@/lib/supabase';

export class FunctionError extends AppError {
  readonly body: Record<string, unknown>;
  constructor(message: string, status: number, body: Record<string, unknown>) {
    super(message, { status, ...(typeof body.code === 'string' ? { code: body.code } : {}) });
    this.body = body;
  }
}

export async function authHeaders(): Promise<Record<string, string>> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  return { apikey: appConfig.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

export async function callFunctionRaw(name: string, body: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${appConfig.supabaseUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await authHeaders()) },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new AppError('Could not reach the server. Check your connection and try again.');
  }
  if (!res.ok) {
    const payload = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const message = typeof payload.error === 'string' ? payload.error : typeof payload.message === 'string' ? payload.message : `Request failed (${res.status})`;
    throw new FunctionError(message, res.status, payload);
  }
  return res;
}

export async function callFunction<T>(name: string, body: unknown): Promise<T> {
  const res = await callFunctionRaw(name, body);
  return (await res.json()) as T;
}
