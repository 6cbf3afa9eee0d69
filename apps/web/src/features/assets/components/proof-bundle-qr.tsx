// The proof bundle as a QR code (qrcode, loaded on demand) and as a file to keep: scanned or opened
// later with the offline verifier (@tagledger/verify), it proves the entry with no call to us.
import { useEffect, useState } from 'react';
import { i18n } from '@/lib/i18n/i18n';

export function ProofBundleQr({ bundle, name }: { bundle: unknown; name: string }) {
  const text = JSON.stringify(bundle);
  const [src, setSrc] = useState<string | null | 'too-large'>(null);
  useEffect(() => {
    let active = true;
    void import('qrcode')
      .then((QR) => QR.toDataURL(text, { margin: 2, width: 480, errorCorrectionLevel: 'L' }))
      .then((data) => active && setSrc(data))
      .catch(() => active && setSrc('too-large'));
    return () => {
      active = false;
    };
  }, [text]);
  const file = `data:application/json;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="space-y-2 text-sm" data-testid="proof-bundle-qr">
      {src && src !== 'too-large' ? (
        <img
          src={src}
          alt={i18n._('QR code holding the proof bundle')}
          width={240}
          height={240}
          className="h-60 w-60 max-w-full"
        />
      ) : src === 'too-large' ? (
        <p className="text-slate-600">{i18n._('This proof is too large for a QR code: keep the file instead.')}</p>
      ) : null}
      <p className="text-slate-600">
        {i18n._(
          'The QR code and the file hold the whole proof: the offline verifier checks them with the public keys, without this site.',
        )}
      </p>
      <a className="text-blue-700 hover:underline" href={file} download={`${name}.json`}>
        {i18n._('Download the proof bundle')}
      </a>
    </div>
  );
}
