// asset-certificate returns a PDF; fetch it as bytes and hand it to the browser as a download.
import { useMutation } from '@tanstack/react-query';
import { downloadFromFunction } from '@/lib/download-file';

export function downloadCertificate(assetId: string): Promise<void> {
  return downloadFromFunction('asset-certificate', { assetId }, `certificate-${assetId.slice(0, 8)}.pdf`);
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
