// The web app's one way to call a server function (POST /functions/v1/<name>): with the session's
// token when signed in, request and response typed by the functions' contract
// (@tagledger/functions-api). A refusal becomes a FunctionError that keeps the server's extra
// fields (e.g. the quote on a price change); a weak password is described in the app's words.
import type { FunctionErrorBody, FunctionName, FunctionRequest, FunctionResponse } from '@tagledger/functions-api';
import { AppError, messageFor } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { appConfig } from '@/lib/app-config';
import { callKey, takeEarly } from '@/lib/early-requests';
import { functionRequest } from '@/lib/function-request';
import { weakPasswordMessage } from '@/lib/password-policy';
import { supabase } from '@/lib/supabase';

export class FunctionError extends AppError {
  readonly body: Partial<FunctionErrorBody>;
  constructor(message: string, status: number, body: Partial<FunctionErrorBody>) {
    super(message, { status, ...(typeof body.code === 'string' ? { code: body.code } : {}) });
    this.body = body;
  }
}

async function accessToken(): Promise<string | undefined> {
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token;
}

async function authHeaders(): Promise<Record<string, string>> {
  const token = await accessToken();
  return { apikey: appConfig.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

/**
 * The answer to this call with this token, if the page's entry script already asked (a returning user's
 * first screen, early-requests.ts) and it came back good; otherwise the call is made now.
 */
async function send(name: string, body: unknown): Promise<Response> {
  const token = await accessToken();
  const early = takeEarly<Response>(callKey(name, body), token);
  if (early) {
    const res = await early.catch(() => null);
    if (res?.ok) return res;
  }
  return fetch(...functionRequest(name, body, token));
}

function messageOf(body: Partial<FunctionErrorBody>, status: number): string {
  const reasons = body.code === 'weak_password' ? (body.weak_password as { reasons?: unknown } | undefined) : undefined;
  if (Array.isArray(reasons?.reasons)) {
    return weakPasswordMessage(reasons.reasons.filter((r): r is string => typeof r === 'string'));
  }
  // The server's text is English: the reader is told by the refusal's code (lib/api-error.ts).
  if (typeof body.error === 'string') return messageFor(body.code, body.error);
  // The gateway's own refusals (no or bad token) answer {message}.
  if (typeof body.message === 'string') return messageFor(body.code, body.message);
  return messageFor(body.code, `Request failed (${status})`);
}

/** The raw response, for functions that answer with a file rather than JSON. */
export async function callFunctionRaw<N extends FunctionName>(name: N, body: FunctionRequest<N>): Promise<Response> {
  let res: Response;
  try {
    res = await send(name, body);
  } catch {
    throw new AppError(i18n._('Could not reach the server. Check your connection and try again.'));
  }
  if (!res.ok) {
    const payload = (await res.json().catch(() => ({}))) as Partial<FunctionErrorBody>;
    throw new FunctionError(messageOf(payload, res.status), res.status, payload);
  }
  return res;
}

/** The function's JSON answer: its contract's response to this kind of request. */
export async function callFunction<N extends FunctionName, R extends FunctionRequest<N>>(
  name: N,
  body: R,
): Promise<FunctionResponse<N, R>> {
  const res = await callFunctionRaw(name, body);
  return (await res.json()) as FunctionResponse<N, R>;
}

/**
 * Sends a file as the body of a streaming function (e.g. import-units-stream), with its other
 * parameters in the query string, reporting the upload's progress (0–1). XMLHttpRequest rather than
 * fetch because only it reports upload progress in browsers.
 */
export async function uploadToFunction<N extends FunctionName>(
  name: N,
  query: FunctionRequest<N> & Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<FunctionResponse<N>> {
  const headers = await authHeaders();
  const url = `${appConfig.supabaseUrl}/functions/v1/${name}?${new URLSearchParams(query).toString()}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.setRequestHeader('Content-Type', file.type || 'text/csv');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new AppError(i18n._('Could not reach the server. Check your connection and try again.')));
    xhr.onload = () => {
      let payload: unknown = {};
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        // A non-JSON answer is described by its status below.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(payload as FunctionResponse<N>);
      } else {
        const body = payload as Partial<FunctionErrorBody>;
        reject(new FunctionError(messageOf(body, xhr.status), xhr.status, body));
      }
    };
    xhr.send(file);
  });
}
