// The referral code and a link builder: pick a destination, then copy, share (Web Share API when
// the browser has it) or show a QR code generated locally, downloadable as PNG.
import { Copy, Download, QrCode, Share2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { buildReferralLink, REFERRAL_DESTINATIONS } from '../lib/links';
import { qrDataUrl } from '../lib/qr';
import { i18n } from '@/lib/i18n/i18n';

export interface ReferralLinkCardProps {
  code: string;
  origin: string;
  appName: string;
}

export function ReferralLinkCard({ code, origin, appName }: ReferralLinkCardProps) {
  const [path, setPath] = useState(REFERRAL_DESTINATIONS[0]!.path);
  const [qr, setQr] = useState<string | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const link = buildReferralLink(origin, path, code);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(i18n._('{what} copied', { what }));
    } catch {
      toast.error(i18n._('Copying failed. Select the text and copy it yourself.'));
    }
  }

  async function share() {
    try {
      await navigator.share({ title: appName, text: i18n._('Join me on {appName}', { appName }), url: link });
    } catch (err) {
      // Closing the share sheet is not an error worth a toast.
      if ((err as { name?: string }).name !== 'AbortError') toast.error(i18n._('Sharing failed'));
    }
  }

  async function openQr() {
    setQrOpen(true);
    setQr(null);
    try {
      setQr(await qrDataUrl(link));
    } catch {
      setQrOpen(false);
      toast.error(i18n._('Could not create the QR code'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Your referral link')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-slate-600">{i18n._('Your code')}</span>
          <code
            data-testid="referral-code"
            className="rounded bg-slate-100 px-3 py-1 font-mono text-lg tracking-widest text-slate-900"
          >
            {code}
          </code>
          <Button variant="ghost" size="sm" onClick={() => void copy(code, 'Code')}>
            <Copy className="h-4 w-4" aria-hidden="true" /> {i18n._('Copy code')}
          </Button>
        </div>
        <FormField label={i18n._('Landing page')} id="referral-destination">
          <Select
            value={path}
            onChange={(e) => setPath(e.target.value)}
            options={REFERRAL_DESTINATIONS.map((d) => ({ value: d.path, label: i18n._(d.label) }))}
          />
        </FormField>
        <input
          readOnly
          aria-label={i18n._('Referral link')}
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
        />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copy(link, 'Link')}>
            <Copy className="h-4 w-4" aria-hidden="true" /> {i18n._('Copy link')}
          </Button>
          {canShare && (
            <Button variant="outline" onClick={() => void share()}>
              <Share2 className="h-4 w-4" aria-hidden="true" /> {i18n._('Share')}
            </Button>
          )}
          <Button variant="outline" onClick={() => void openQr()}>
            <QrCode className="h-4 w-4" aria-hidden="true" /> {i18n._('QR code')}
          </Button>
        </div>
      </CardContent>
      <Modal
        open={qrOpen}
        onOpenChange={setQrOpen}
        title={i18n._('QR code')}
        description={i18n._('Scanning it opens your referral link.')}
        size="sm"
        footer={
          qr && (
            <a
              href={qr}
              download={`referral-${code}.png`}
              className="inline-flex h-10 items-center gap-2 rounded-md bg-blue-600 px-4 text-sm font-medium text-white hover:bg-blue-700"
            >
              <Download className="h-4 w-4" aria-hidden="true" /> {i18n._('Download PNG')}
            </a>
          )
        }
      >
        <div className="flex min-h-64 items-center justify-center">
          {qr ? (
            <img src={qr} alt={i18n._('QR code for {link}', { link })} width={256} height={256} className="h-64 w-64" />
          ) : (
            <Spinner label={i18n._('Creating QR code...')} showLabel />
          )}
        </div>
        <p className="mt-2 break-all text-center text-xs text-slate-500">{link}</p>
      </Modal>
    </Card>
  );
}
