// /assets/:id — one of the user's assets: files, all fields, ledger history and proof, and the
// owner's actions (edit, privacy, lost/stolen/found, certificate, delete) plus finder messages.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Download, Eye, EyeOff, Pencil, Plus, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toAppError } from '@/lib/api-error';
import type { ScreenPrefetch } from '@/lib/screen-prefetch';
import { startImageDownload } from '@/lib/start-image-download';
import { useDeleteAsset } from '../api/delete-asset';
import { useDownloadCertificate } from '../api/download-certificate';
import { assetQueryOptions, useAsset, useAssetMessages } from '../api/get-asset';
import { galleryUrlsQueryOptions, useGalleryUrls, useSignedUrls } from '../api/signed-urls';
import { useUpdateAsset, type AssetPatch } from '../api/update-asset';
import { AssetDetailsCard } from '../components/asset-details-card';
import { AssetLoading, AssetUnavailable } from '../components/asset-load-state';
import { AssetLedgerCards } from '../components/asset-ledger-cards';
import { AssetMessages } from '../components/asset-messages';
import { DeleteAssetDialog } from '../components/delete-asset-dialog';
import { MAX_FILES } from '../lib/media-rules';
import { KindBadge, PrivacyBadge, StatusBadge } from '../components/badges';
import { MediaViewer } from '../components/media-viewer';
import { TransferOwnershipCard } from '../components/transfer-ownership-card';
import { i18n } from '@/lib/i18n/i18n';
import { assetIsReported } from '@/lib/labels/assets';
import { formatDateTime } from '@/lib/i18n/format';
import { paths } from '@/config/paths';
import { deferredComponent } from '@/lib/deferred-component';
import { usePreloadWhenIdle } from '@/lib/when-idle';

// The edit and add-files dialogs, with their forms, rules and upload code, load when opened: most
// visits only look, and their code (with zod) was a third of this screen's.
const EditAssetModal = deferredComponent(() => import('../components/edit-asset-modal').then((m) => m.EditAssetModal));
const AddMediaModal = deferredComponent(() => import('../components/add-media-modal').then((m) => m.AddMediaModal));

/**
 * The asset with its files' URLs, in one request while the profile is read (lib/screen-prefetch.ts),
 * and the first file's photo (the screen's largest paint) as soon as the asset is known.
 */
export const prefetch: ScreenPrefetch = ({ queryClient, params }) => {
  if (!params.id) return;
  queryClient
    .fetchQuery(assetQueryOptions(queryClient, params.id))
    .then((asset) => {
      const first = asset.media[0];
      if (first?.kind !== 'photo') return;
      const photo = queryClient.getQueryData(galleryUrlsQueryOptions(asset.media).queryKey)?.[first.object_name];
      if (photo) startImageDownload(photo);
    })
    .catch(() => undefined); // the screen asks again (the asset, then its URLs) and shows the error
};

export default function AssetDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const asset = useAsset(id);
  const messages = useAssetMessages(id);
  const update = useUpdateAsset(id);
  const remove = useDeleteAsset();
  const certificate = useDownloadCertificate();
  const mediaUrls = useSignedUrls((asset.data?.media ?? []).map((m) => m.object_name));
  const galleryUrls = useGalleryUrls(asset.data?.media ?? []);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [adding, setAdding] = useState(false);
  const [confirmStatus, setConfirmStatus] = useState<null | 'lost' | 'stolen'>(null);
  usePreloadWhenIdle(EditAssetModal, AddMediaModal);

  if (asset.isLoading) return <AssetLoading />;
  if (asset.isError || !asset.data) {
    return (
      <AssetUnavailable
        title={i18n._('Asset not found')}
        error={asset.error}
        backTo={paths.assets}
        backLabel={i18n._('Back to My Assets')}
      />
    );
  }
  const a = asset.data;

  const apply = async (patch: AssetPatch, done: string) => {
    try {
      await update.mutateAsync(patch);
      toast.success(done);
    } catch (err) {
      toast.error(toAppError(err).message);
    }
  };

  const doDelete = async () => {
    try {
      const r = await remove.mutateAsync(a.id);
      toast.success(
        i18n._('{filesRemoved, plural, one {Asset deleted with # file.} other {Asset deleted with # files.}}', {
          filesRemoved: r.filesRemoved,
        }),
      );
      navigate(paths.assets);
    } catch (err) {
      toast.error(toAppError(err).message);
    }
  };

  const downloadCert = async () => {
    try {
      await certificate.mutateAsync(a.id);
    } catch (err) {
      toast.error(toAppError(err).message);
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={a.title} />
      <Link to={paths.assets} className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {i18n._('My Assets')}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{a.title}</h1>
          <div className="mt-2 flex flex-wrap gap-1">
            <KindBadge kind={a.kind} />
            <PrivacyBadge privacy={a.privacy} />
            <StatusBadge status={a.status} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> {i18n._('Edit')}
          </Button>
          <Button variant="outline" onClick={() => setAdding(true)} disabled={a.media.length >= MAX_FILES}>
            <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._('Add files')}
          </Button>
          {a.kind !== 'legacy' && (
            <Button
              variant="outline"
              loading={update.isPending && update.variables?.privacy !== undefined}
              onClick={() =>
                void apply(
                  { privacy: a.privacy === 'public' ? 'private' : 'public' },
                  a.privacy === 'public' ? i18n._('The asset is now private.') : i18n._('The asset is now public.'),
                )
              }
            >
              {a.privacy === 'public' ? (
                <EyeOff className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Eye className="h-4 w-4" aria-hidden="true" />
              )}
              {a.privacy === 'public' ? i18n._('Make private') : i18n._('Make public')}
            </Button>
          )}
          {a.status === 'active' ? (
            <>
              <Button variant="outline" onClick={() => setConfirmStatus('lost')}>
                <ShieldAlert className="h-4 w-4" aria-hidden="true" /> {i18n._('Report lost')}
              </Button>
              <Button variant="outline" onClick={() => setConfirmStatus('stolen')}>
                <ShieldAlert className="h-4 w-4" aria-hidden="true" /> {i18n._('Report stolen')}
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => void apply({ status: 'active' }, i18n._('Marked as found.'))}>
              <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {i18n._('Mark found')}
            </Button>
          )}
          <Button variant="outline" onClick={() => void downloadCert()} loading={certificate.isPending}>
            <Download className="h-4 w-4" aria-hidden="true" /> {i18n._('Certificate')}
          </Button>
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> {i18n._('Delete')}
          </Button>
        </div>
      </div>

      {a.status !== 'active' && (
        <p role="status" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {assetIsReported(a.status)}
          {a.status_changed_at ? i18n._(' since {value}', { value: formatDateTime(a.status_changed_at) }) : ''}
          {i18n._('. Anyone checking its serial number sees this warning.')}
        </p>
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[3fr_2fr]">
        <Card>
          <CardContent>
            <MediaViewer
              media={a.media}
              // Wait for the display-size photos too, rather than loading an original meanwhile.
              loading={mediaUrls.isLoading || galleryUrls.isLoading}
              urls={Object.fromEntries(
                a.media.map((m) => [m.id, mediaUrls.data?.[m.object_name] ?? '']).filter(([, u]) => u),
              )}
              previews={Object.fromEntries(
                a.media.map((m) => [m.id, galleryUrls.data?.[m.object_name] ?? '']).filter(([, u]) => u),
              )}
            />
          </CardContent>
        </Card>
        <AssetDetailsCard asset={a} />
      </div>

      <div className="mt-6">
        <TransferOwnershipCard asset={a} />
      </div>

      <AssetLedgerCards assetId={a.id} />

      <AssetMessages assetId={a.id} messages={messages.data ?? []} />

      {editing && <EditAssetModal asset={a} onClose={() => setEditing(false)} />}

      {adding && <AddMediaModal assetId={a.id} existing={a.media.length} open onOpenChange={setAdding} />}

      <ConfirmDialog
        open={confirmStatus !== null}
        onOpenChange={(o) => !o && setConfirmStatus(null)}
        title={confirmStatus === 'stolen' ? i18n._('Report stolen?') : i18n._('Report lost?')}
        message={i18n._(
          'Anyone who checks {value} will see that it is reported {confirmStatus}. You can mark it found later.',
          { value: a.serial_number ? `serial ${a.serial_number}` : 'this asset', confirmStatus },
        )}
        confirmLabel={confirmStatus === 'stolen' ? i18n._('Report stolen') : i18n._('Report lost')}
        destructive
        loading={update.isPending}
        onConfirm={() => {
          const s = confirmStatus;
          setConfirmStatus(null);
          if (s) void apply({ status: s }, s === 'stolen' ? i18n._('Reported stolen.') : i18n._('Reported lost.'));
        }}
      />

      <DeleteAssetDialog
        asset={a}
        messageCount={messages.data?.length ?? 0}
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        loading={remove.isPending}
        onConfirm={() => void doDelete()}
      />
    </div>
  );
}
