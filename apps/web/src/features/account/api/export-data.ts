// Downloads everything held about the user (the export-my-data function) as a JSON file. The server
// streams the document; it is saved as it came, without being parsed or held as objects here.
import { useMutation } from '@tanstack/react-query';
import { appConfig } from '@/lib/app-config';
import { callFunctionRaw } from '@/lib/call-function';

export function exportFileName(appName: string, date = new Date()): string {
  const slug = appName.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'account';
  return `${slug}-export-${date.toISOString().slice(0, 10)}.json`;
}

export async function exportMyData(): Promise<void> {
  const res = await callFunctionRaw('export-my-data', {});
  // Rejects when the download is cut off, so a partial document is never saved.
  const blob = new Blob([await res.blob()], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(appConfig.appName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
