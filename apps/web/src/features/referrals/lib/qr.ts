// QR codes are generated in the browser with the bundled `qrcode` package (loaded on demand),
// never by a third-party service (reference flaw S18).
export async function qrDataUrl(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(text, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
}
