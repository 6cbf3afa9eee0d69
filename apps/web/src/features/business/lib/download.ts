// Offers what the business screens made in the browser or received from the server (CSV reports,
// label sheets, QR images) as a file download. CSV text is written by the shared @/utils/csv.

/** Offers text or bytes as a file download. */
export function downloadFile(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
