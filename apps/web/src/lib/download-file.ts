// Handing the browser a file to save: text or bytes made here (the business screens' CSV reports,
// label sheets, QR images) or the file a server function answers with (a certificate PDF, an
// archive), fetched as bytes with the session's token. CSV text is written by @/utils/csv.
import type { FunctionName, FunctionRequest } from '@tagledger/functions-api';
import { callFunctionRaw } from './call-function';

/** Offers a blob as a download under `name`; its URL is let go once the browser has taken it. */
function offerBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Offers text or bytes as a file download. */
export function downloadFile(name: string, data: BlobPart, type: string): void {
  offerBlob(new Blob([data], { type }), name);
}

export async function downloadFromFunction<N extends FunctionName>(
  name: N,
  body: FunctionRequest<N>,
  filename: string,
): Promise<void> {
  const res = await callFunctionRaw(name, body);
  offerBlob(await res.blob(), filename);
}
