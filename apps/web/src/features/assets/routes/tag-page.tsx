// /tag — capture or upload files, describe the asset, see the cost, register it.
// The capture (files and form) is kept in IndexedDB as it is made, so nothing is lost when the
// session ends mid-capture and the user signs in again (the route guard brings them back here),
// or when the tab is closed; it is cleared once the asset is registered.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { FunctionError } from '@/lib/call-function';
import { useQuote } from '../api/quote';
import { useRegisterAsset } from '../api/register-asset';
import type { AssetKind, Quote } from '../api/types';
import { discardUploads } from '../api/upload-media';
import { AssetFields } from '../components/asset-fields';
import {
  EMPTY_ASSET_FORM,
  toAssetPayload,
  validateAssetForm,
  type AssetFormErrors,
  type AssetFormValues,
} from '../lib/asset-form';
import { CostSummary } from '../components/cost-summary';
import { type PendingMedia } from '../components/media-list';
import { MediaPicker } from '../components/media-picker';
import { acceptFiles, pendingFromStored, quoteInputOf, uploadPending } from '../components/pending-media';
import {
  balanceCovers,
  insufficientTokens,
  SpendFailureAlert,
  spendFailure,
  type SpendFailure,
} from '../components/spend-failure';
import { fetchBalance } from '../api/get-balance';
import { clearDraft, loadDraft, saveDraft } from '../lib/capture-store';
import { MAX_FILES } from '../lib/media-rules';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

const KINDS: AssetKind[] = ['general', 'digital', 'legacy', 'business'];

export default function TagPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialKind = params.get('kind');
  const [form, setForm] = useState<AssetFormValues>(() => ({
    ...EMPTY_ASSET_FORM,
    kind: KINDS.includes(initialKind as AssetKind) ? (initialKind as AssetKind) : 'general',
  }));
  const [errors, setErrors] = useState<AssetFormErrors>({});
  const [media, setMedia] = useState<PendingMedia[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'uploading' | 'registering'>(null);
  const [failure, setFailure] = useState<SpendFailure | null>(null);
  const [serverQuote, setServerQuote] = useState<Quote | null>(null);
  const submissionId = useRef(crypto.randomUUID());
  const register = useRegisterAsset();

  // Restore a capture kept from an earlier visit (e.g. before the session ended), once: if the
  // signed-in user becomes known while the draft is loading, the load starts again for them.
  const restored = useRef(false);
  const userId = user?.id;
  useEffect(() => {
    if (restored.current) return;
    let active = true;
    void loadDraft().then((draft) => {
      if (!active) return;
      restored.current = true;
      if (!draft || (draft.ownerId && draft.ownerId !== userId)) return;
      setForm((f) => ({ ...f, ...draft.form }));
      setMedia(draft.files.map(pendingFromStored));
      if (draft.files.length > 0 || String(draft.form.title ?? '').trim())
        toast.success(i18n._('Your capture was restored.'));
    });
    return () => {
      active = false;
    };
  }, [userId]);

  const quoteInput = useMemo(() => quoteInputOf(media), [media]);
  const quote = useQuote(quoteInput);

  // Keep the capture on this device until it is registered.
  useEffect(() => {
    if (!restored.current) return;
    const t = setTimeout(() => {
      void saveDraft({
        ownerId: user?.id ?? null,
        files: media.map((m) => ({
          name: m.file.name,
          type: m.file.type,
          blob: m.file,
          durationSeconds: m.durationSeconds,
        })),
        form,
        savedAt: new Date().toISOString(),
      }).catch(() => undefined);
    }, 500);
    return () => clearTimeout(t);
  }, [media, form, user?.id]);
  const shownQuote = serverQuote ?? quote.data;
  // The breakdown keeps the last quote on screen while the new files' is asked for (no jump), but the
  // button offers only the price of what is selected now: never "Register for 10 TMT" for 35.
  const currentQuote = serverQuote ?? (quote.isPlaceholderData ? undefined : quote.data);

  const addFiles = async (files: File[], recordedSeconds?: number | null) => {
    setFileError(null);
    setServerQuote(null);
    const room = MAX_FILES - media.length;
    const { accepted, rejection, overLimit } = await acceptFiles(files, room, recordedSeconds);
    if (rejection) setFileError(rejection);
    else if (overLimit) setFileError(i18n._('At most {MAX_FILES} files per asset.', { MAX_FILES }));
    setMedia((m) => [...m, ...accepted]);
  };

  const removeMedia = (id: string) => {
    setServerQuote(null);
    setMedia((m) => {
      const gone = m.find((x) => x.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      // Already uploaded (an earlier attempt failed): remove it from storage too.
      if (gone?.uploadedName) void discardUploads([gone.uploadedName]).catch(() => undefined);
      return m.filter((x) => x.id !== id);
    });
  };

  const submit = async () => {
    setFailure(null);
    const found = validateAssetForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!user) {
      setFailure({ message: i18n._('Your session has ended. Sign in again; your capture is kept on this device.') });
      return;
    }
    const expected = currentQuote?.total ?? null;
    // Set once the upload is done: a failure after it is a refused charge (SPEC §8 wallet texts).
    let charging = false;
    try {
      setBusy('uploading');
      if (!balanceCovers(await fetchBalance(user.id), expected)) {
        setFailure(insufficientTokens(expected));
        return;
      }
      // Upload what is not uploaded yet (a retry after a failure re-uses finished uploads).
      const names = await uploadPending(user.id, media, setMedia);
      setBusy('registering');
      charging = true;
      const result = await register.mutateAsync({
        submissionId: submissionId.current,
        asset: toAssetPayload(form),
        media: names,
        expectedCost: expected,
      });
      await clearDraft();
      toast.success(
        result.cost
          ? i18n._('Asset registered. {cost} TMT charged.', { cost: result.cost })
          : i18n._('Asset registered.'),
      );
      submissionId.current = crypto.randomUUID();
      navigate(paths.asset(result.asset_id));
    } catch (err) {
      if (err instanceof FunctionError && err.code === 'price_changed' && err.body.quote) {
        setServerQuote(err.body.quote as Quote);
        setFailure({
          message: i18n._('{message}. Check the cost and press Register again to confirm. Nothing was charged.', {
            message: err.message,
          }),
        });
      } else if (charging) {
        setFailure(spendFailure(err, expected));
      } else {
        setFailure({ message: i18n._('{message} Nothing was charged.', { message: toAppError(err).message }) });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta
        title={i18n._('Tag Asset')}
        description={i18n._('Register an asset with photos, videos and documents in a tamper-evident ledger.')}
      />
      <PageHeading
        title={i18n._('Tag Asset')}
        lead={i18n._(
          'Photograph or upload your asset and its documents. Each registration is recorded in our tamper-evident, signed ledger.',
        )}
      />

      <Card className="mt-6">
        <CardContent className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">{i18n._('1. Photos, videos and documents')}</h2>
          <MediaPicker
            media={media}
            onAdd={(files, secs) => void addFiles(files, secs)}
            onRemove={removeMedia}
            error={fileError}
            disabled={Boolean(busy)}
            inputTestId="tag-file-input"
          />
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardContent className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">{i18n._('2. Details')}</h2>
          <AssetFields values={form} errors={errors} onChange={(p) => setForm((f) => ({ ...f, ...p }))} />
        </CardContent>
      </Card>

      <div className="mt-6 space-y-4">
        <CostSummary quote={shownQuote} loading={quote.isLoading} updating={!currentQuote && Boolean(shownQuote)} />
        {quote.isError && (
          <p role="alert" className="text-sm text-red-600">
            {toAppError(quote.error).message}
          </p>
        )}
        {failure && <SpendFailureAlert failure={failure} />}
        <div className="flex flex-wrap items-center gap-3">
          <Button size="lg" onClick={() => void submit()} loading={Boolean(busy)} disabled={!currentQuote}>
            {busy === 'uploading'
              ? i18n._('Uploading…')
              : busy === 'registering'
                ? i18n._('Registering…')
                : i18n._('Register for {value} TMT', { value: currentQuote?.total ?? '…' })}
          </Button>
          <p className="text-sm text-slate-600">
            {i18n._('Your capture is kept on this device until it is registered.')}
          </p>
        </div>
      </div>
    </div>
  );
}
