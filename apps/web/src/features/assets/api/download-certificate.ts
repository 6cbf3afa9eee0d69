// asset-certificate returns a PDF; fetch it as bytes and hand it to the browser as a download.
import { useMutation } from '@tanstack/react-query';
import { callFunctionRaw } from '@/lib/call-function';

export async function downloadCertificate(assetId: string): Promise<void> {
  const res = await callFunctionRaw('asset-certificate', { assetId });
  const blob = await res.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `certificate-${assetId.slice(0, 8)}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
