// Files a server function answers with (a certificate PDF, an archive): fetched as bytes with the
// session's token, then handed to the browser as a download under the given name.
import type { FunctionName, FunctionRequest } from '@tagledger/functions-api';
import { callFunctionRaw } from './call-function';

export async function downloadFromFunction<N extends FunctionName>(
  name: N,
  body: FunctionRequest<N>,
  filename: string,
): Promise<void> {
  const res = await callFunctionRaw(name, body);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
