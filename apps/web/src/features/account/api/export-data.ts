// Downloads everything held about the user (export-my-data function) as a JSON file.
import { useMutation } from '@tanstack/react-query';
import { appConfig } from '@/lib/app-config';
import { callFunction } from '@/lib/call-function';

export function exportFileName(appName: string, date = new Date()): string {
  const slug = appName.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'account';
  return `${slug}-export-${date.toISOString().slice(0, 10)}.json`;
}

export async function exportMyData(): Promise<void> {
  const doc = await callFunction('export-my-data', {});
  const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
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
