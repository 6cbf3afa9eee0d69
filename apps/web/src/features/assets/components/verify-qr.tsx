// A QR label that opens the public serial check, generated locally (qrcode, loaded on demand),
// with a print button for sticking it on the item or its packaging.
import { useEffect, useState } from 'react';
import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n/i18n';

export function verifyUrl(serial: string): string {
  return `${window.location.origin}/verify/${encodeURIComponent(serial)}`;
}

export function VerifyQr({ serial, title }: { serial: string; title: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const url = verifyUrl(serial);
  useEffect(() => {
    let active = true;
    void import('qrcode')
      .then((QR) => QR.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: 'M' }))
      .then((data) => active && setSrc(data))
      .catch(() => active && setSrc(null));
    return () => {
      active = false;
    };
  }, [url]);

  const print = () => {
    if (!src) return;
    const w = window.open('', '_blank', 'width=420,height=520');
    if (!w) return;
    const doc = w.document;
    doc.title = `Label ${serial}`;
    const box = doc.createElement('div');
    box.style.cssText = 'font-family:sans-serif;text-align:center;padding:16px';
    const img = doc.createElement('img');
    img.src = src;
    img.width = 240;
    img.alt = `QR code for ${serial}`;
    const name = doc.createElement('p');
    name.textContent = title;
    const sn = doc.createElement('p');
    sn.textContent = i18n._('Serial {serial} · scan to check', { serial });
    box.append(img, name, sn);
    doc.body.append(box);
    img.onload = () => w.print();
  };

  return (
    <div className="flex items-center gap-4">
      {src ? (
        <img
          src={src}
          alt={i18n._('QR code to the serial check for {serial}', { serial })}
          width={112}
          height={112}
          className="h-28 w-28"
        />
      ) : (
        <div className="h-28 w-28 rounded bg-slate-100" />
      )}
      <div className="space-y-2 text-sm">
        <p className="break-all text-slate-600">{url}</p>
        <Button variant="outline" size="sm" onClick={print} disabled={!src}>
          <Printer className="h-4 w-4" aria-hidden="true" /> {i18n._('Print label')}
        </Button>
      </div>
    </div>
  );
}
