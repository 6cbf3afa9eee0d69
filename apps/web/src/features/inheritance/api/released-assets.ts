// What an heir receives after a release (legacy-asset, asset-certificate, legacy-archive): one
// asset's details, files, history and proof with short-lived URLs of its files, its certificate in
// the heir's language, and everything as one zip. The server asks the database whether each asset
// is released to the caller; the app only shows what comes back.
import { useMutation, useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/call-function';
import { downloadFromFunction } from '@/lib/download-file';

/** The files' URLs live 5 minutes; they are renewed a minute before. */
const URL_REFRESH_MS = 4 * 60 * 1000;

export function useLegacyAsset(assetId: string) {
  return useQuery({
    queryKey: ['legacy-asset', assetId] as const,
    queryFn: () => callFunction('legacy-asset', { assetId }),
    staleTime: URL_REFRESH_MS,
    refetchInterval: URL_REFRESH_MS,
  });
}

export function useDownloadLegacyCertificate() {
  return useMutation({
    mutationFn: (assetId: string) =>
      downloadFromFunction('asset-certificate', { assetId }, `certificate-${assetId.slice(0, 8)}.pdf`),
  });
}

export interface ArchiveRequest {
  nextOfKinId: string;
  /** One asset only; everything from that person when absent. */
  assetId?: string;
  filename: string;
}

export function useDownloadLegacyArchive() {
  return useMutation({
    mutationFn: ({ nextOfKinId, assetId, filename }: ArchiveRequest) =>
      downloadFromFunction('legacy-archive', assetId ? { nextOfKinId, assetId } : { nextOfKinId }, filename),
  });
}
