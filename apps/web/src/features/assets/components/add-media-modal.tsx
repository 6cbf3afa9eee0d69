// "Add files" on an asset: upload with progress, see the cost (the price difference from the
// pricing table), confirm; the server re-checks everything and records the change in the ledger.
import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { useAddAssetMedia, useQuoteAddedMedia } from '../api/add-media';
import { FunctionError } from '@/lib/call-function';
import { discardUploads } from '../api/upload-media';
import { MAX_FILES } from '../lib/media-rules';
import { FilesButton } from './files-button';
import { MediaList, type PendingMedia } from './media-list';
import { acceptFiles, quoteInputOf, uploadPending } from './pending-media';
import { balanceCovers, insufficientTokens, SpendFailureAlert, spendFailure, type SpendFailure } from './spend-failure';
import { fetchBalance } from '../api/get-balance';
import { i18n } from '@/lib/i18n/i18n';
import { formatTmt } from '@/utils/format';

export function AddMediaModal({
  assetId,
  existing,
  open,
  onOpenChange,
}: {
  assetId: string;
  existing: number;
  open: boolean;
  onOpenChange(o: boolean): void;
}) {
  const { user } = useAuth();
  const [media, setMedia] = useState<PendingMedia[]>([]);
  const [error, setError] = useState<SpendFailure | null>(null);
  const [serverTotal, setServerTotal] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const submissionId = useRef(crypto.randomUUID());
  const add = useAddAssetMedia();
  const quoteInput = useMemo(() => quoteInputOf(media), [media]);
  const quote = useQuoteAddedMedia(assetId, quoteInput, open && media.length > 0);
  const total = serverTotal ?? quote.data?.total;

  const close = (o: boolean) => {
    if (busy) return;
    if (!o) {
      const uploaded = media.map((m) => m.uploadedName).filter((n): n is string => Boolean(n));
      void discardUploads(uploaded).catch(() => undefined);
      media.forEach((m) => URL.revokeObjectURL(m.previewUrl));
      setMedia([]);
      setError(null);
      setServerTotal(null);
      submissionId.current = crypto.randomUUID();
    }
    onOpenChange(o);
  };

  const addFiles = async (files: File[]) => {
    setError(null);
    setServerTotal(null);
    const { accepted, rejection, overLimit } = await acceptFiles(files, MAX_FILES - existing - media.length);
    if (overLimit) setError({ message: i18n._('An asset can have at most 20 files.') });
    else if (rejection) setError({ message: rejection });
    setMedia((m) => [...m, ...accepted]);
  };

  const submit = async () => {
    if (!user || media.length === 0) return;
    setError(null);
    setBusy(true);
    // Set once the upload is done: a failure after it is a refused charge (SPEC §8 wallet texts).
    let charging = false;
    try {
      if (!balanceCovers(await fetchBalance(user.id), total)) {
        setError(insufficientTokens(total));
        return;
      }
      const names = await uploadPending(user.id, media, setMedia);
      charging = true;
      const r = await add.mutateAsync({
        assetId,
        submissionId: submissionId.current,
        media: names,
        expectedCost: total ?? null,
      });
      toast.success(r.cost ? i18n._('Files added. {cost} TMT charged.', { cost: r.cost }) : i18n._('Files added.'));
      media.forEach((m) => URL.revokeObjectURL(m.previewUrl));
      setMedia([]);
      submissionId.current = crypto.randomUUID();
      onOpenChange(false);
    } catch (err) {
      if (err instanceof FunctionError && err.code === 'price_changed') {
        const t = (err.body.quote as { total?: number } | null)?.total;
        if (typeof t === 'number') setServerTotal(t);
        setError({
          message: i18n._('{message}. Press Add again to confirm. Nothing was charged.', { message: err.message }),
        });
      } else if (charging) {
        setError(spendFailure(err, total));
      } else {
        setError({ message: i18n._('{message} Nothing was charged.', { message: toAppError(err).message }) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={i18n._('Add files')}
      description={i18n._(
        'Photos, videos or documents such as a receipt or warranty. The change is recorded in the ledger.',
      )}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={busy}>
            {i18n._('Cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={media.length === 0 || total === undefined}>
            {total === undefined ? i18n._('Add') : i18n._('Add for {total} TMT', { total })}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <FilesButton
          label={i18n._('Choose files')}
          inputLabel={i18n._('Files to add')}
          onFiles={(files) => void addFiles(files)}
          disabled={busy}
        />
        <MediaList
          items={media}
          disabled={busy}
          onRemove={(id) =>
            setMedia((m) => {
              const gone = m.find((x) => x.id === id);
              if (gone) URL.revokeObjectURL(gone.previewUrl);
              if (gone?.uploadedName) void discardUploads([gone.uploadedName]).catch(() => undefined);
              setServerTotal(null);
              return m.filter((x) => x.id !== id);
            })
          }
        />
        {media.length > 0 && total !== undefined && (
          <p className="text-sm font-medium text-slate-900">
            {i18n._('Cost:')} {formatTmt(total)}
          </p>
        )}
        {error && <SpendFailureAlert failure={error} />}
      </div>
    </Modal>
  );
}
