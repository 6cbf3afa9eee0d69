// /assets/:id — one of the user's assets: files, all fields, ledger history and proof, and the
// owner's actions (edit, privacy, lost/stolen/found, certificate, delete) plus finder messages.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Download, Eye, EyeOff, Pencil, Plus, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { appConfig } from '@/lib/app-config';
import { useReplyToMessage } from '../api/contact-owner';
import { useDeleteAsset } from '../api/delete-asset';
import { useDownloadCertificate } from '../api/download-certificate';
import { useAsset, useAssetLedger, useAssetMessages, useAssetProof } from '../api/get-asset';
import { useGalleryUrls, useSignedUrls } from '../api/signed-urls';
import type { Asset, AssetMessage } from '../api/types';
import { useUpdateAsset, type AssetPatch } from '../api/update-asset';
import { AddMediaModal } from '../components/add-media-modal';
import {
  AssetFields,
  toAssetPayload,
  validateAssetForm,
  type AssetFormErrors,
  type AssetFormValues,
} from '../components/asset-fields';
import { KindBadge, PrivacyBadge, StatusBadge } from '../components/badges';
import { MediaViewer } from '../components/media-viewer';
import { ProofPanel } from '../components/proof-panel';
import { TransferOwnershipCard } from '../components/transfer-ownership-card';
import { VerifyQr } from '../components/verify-qr';
import { EVENT_LABELS, KIND_LABELS, formatMoney, shortHash } from '../lib/labels';
import { formatBytes } from '../lib/media-rules';
import { i18n } from '@/lib/i18n/i18n';
import { formatDateTime } from '@/lib/i18n/format';

function toFormValues(a: Asset): AssetFormValues {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    kind: a.kind,
    title: a.title,
    description: s(a.description),
    tags: a.tags ?? [],
    estimated_value: s(a.estimated_value),
    currency: a.currency,
    location: s(a.location),
    privacy: a.privacy,
    share_value: a.share_value,
    share_location: a.share_location,
    serial_number: s(a.serial_number),
    make: s(a.make),
    model: s(a.model),
    purchase_date: s(a.purchase_date),
    purchase_price: s(a.purchase_price),
    asset_url: s(a.asset_url),
    content_hash: s(a.content_hash),
    chain: s(a.chain),
    contract_address: s(a.contract_address),
    token_id: s(a.token_id),
    heir_instructions: s(a.heir_instructions),
    sku: s(a.sku),
    quantity: s(a.quantity),
  };
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-sm text-slate-900">{value}</dd>
    </div>
  );
}

export default function AssetDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const asset = useAsset(id);
  const ledger = useAssetLedger(id);
  const proof = useAssetProof(id);
  const messages = useAssetMessages(id);
  const update = useUpdateAsset(id);
  const remove = useDeleteAsset();
  const certificate = useDownloadCertificate();
  const mediaUrls = useSignedUrls((asset.data?.media ?? []).map((m) => m.object_name));
  const galleryUrls = useGalleryUrls(asset.data?.media ?? []);
  const [editing, setEditing] = useState<AssetFormValues | null>(null);
  const [editErrors, setEditErrors] = useState<AssetFormErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [adding, setAdding] = useState(false);
  const [confirmStatus, setConfirmStatus] = useState<null | 'lost' | 'stolen'>(null);

  if (asset.isLoading)
    return (
      <div className="flex justify-center py-24">
        <Spinner label={i18n._('Loading asset...')} showLabel />
      </div>
    );
  if (asset.isError || !asset.data) {
    return (
      <EmptyState
        className="py-24"
        title={i18n._('Asset not found')}
        description={asset.isError ? toAppError(asset.error).message : undefined}
        action={
          <Link to="/assets" className={buttonClasses('primary')}>
            {i18n._('Back to My Assets')}
          </Link>
        }
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

  const saveEdit = async () => {
    if (!editing) return;
    const found = validateAssetForm(editing);
    setEditErrors(found);
    if (Object.keys(found).length) return;
    const { kind: _kind, ...patch } = toAssetPayload(editing);
    try {
      await update.mutateAsync(patch as AssetPatch);
      setEditing(null);
      toast.success(i18n._('Changes saved and recorded in the ledger.'));
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
      navigate('/assets');
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
      <Link to="/assets" className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline">
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
          <Button
            variant="outline"
            onClick={() => {
              setEditErrors({});
              setEditing(toFormValues(a));
            }}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" /> {i18n._('Edit')}
          </Button>
          <Button variant="outline" onClick={() => setAdding(true)} disabled={a.media.length >= 20}>
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
          {i18n._('This asset is reported')} {a.status}
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
        <Card>
          <CardHeader>
            <CardTitle>{i18n._('Details')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3">
              <Field label={i18n._('Kind')} value={i18n._(KIND_LABELS[a.kind])} />
              <Field label={i18n._('Description')} value={a.description} />
              <Field label={i18n._('Tags')} value={a.tags.join(', ')} />
              <Field label={i18n._('Serial number')} value={a.serial_number} />
              <Field label={i18n._('Make')} value={a.make} />
              <Field label={i18n._('Model')} value={a.model} />
              <Field label={i18n._('Purchase date')} value={a.purchase_date} />
              <Field label={i18n._('Purchase price')} value={formatMoney(a.purchase_price, a.currency)} />
              <Field label={i18n._('URL')} value={a.asset_url} />
              <Field label={i18n._('Content hash')} value={a.content_hash} />
              <Field label={i18n._('Chain')} value={a.chain} />
              <Field label={i18n._('Contract')} value={a.contract_address} />
              <Field label={i18n._('Token id')} value={a.token_id} />
              <Field label={i18n._('Instructions for heirs (private)')} value={a.heir_instructions} />
              <Field label={i18n._('SKU')} value={a.sku} />
              <Field label={i18n._('Quantity')} value={a.quantity != null ? String(a.quantity) : null} />
              <Field label={i18n._('Estimated value')} value={formatMoney(a.estimated_value, a.currency)} />
              <Field label={i18n._('Location')} value={a.location} />
              <Field
                label={i18n._('Shown publicly')}
                value={
                  a.privacy === 'public'
                    ? [
                        i18n._('Title, description, tags, identifiers, files'),
                        a.share_value && 'value',
                        a.share_location && 'location',
                      ]
                        .filter(Boolean)
                        .join(', ')
                    : i18n._('Nothing (private)')
                }
              />
              <Field label={i18n._('Registered')} value={formatDateTime(a.created_at)} />
            </dl>
            {a.serial_number && (
              <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
                <VerifyQr serial={a.serial_number} title={a.title} />
                <Link to={`/verify/${encodeURIComponent(a.serial_number)}`} className={buttonClasses('link', 'md')}>
                  {i18n._('See the public serial check')}
                </Link>
              </div>
            )}
          </CardContent>
        </Card>
      </div>

      <div className="mt-6">
        <TransferOwnershipCard asset={a} />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{i18n._('Ledger proof')}</CardTitle>
          </CardHeader>
          <CardContent>
            {proof.isLoading ? (
              <Spinner />
            ) : proof.data ? (
              <ProofPanel proof={proof.data} />
            ) : (
              <p className="text-sm text-slate-600">{i18n._('No proof available.')}</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{i18n._('History')}</CardTitle>
          </CardHeader>
          <CardContent>
            {ledger.isLoading ? (
              <Spinner />
            ) : (
              <ol className="space-y-2" aria-label={i18n._('History')}>
                {(ledger.data ?? []).map((e) => (
                  <li key={e.seq} className="flex justify-between gap-3 text-sm">
                    <span className="font-medium text-slate-900">{i18n._(EVENT_LABELS[e.event] ?? e.event)}</span>
                    <span className="text-right text-xs text-slate-500">
                      {formatDateTime(e.created_at)} · #{e.seq} ·{' '}
                      <span className="font-mono">{shortHash(e.entry_hash)}</span>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>

      <Messages assetId={a.id} messages={messages.data ?? []} />

      <Modal
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={i18n._('Edit asset')}
        description={i18n._('Changes are recorded in the ledger.')}
        size="lg"
        footer={
          <>
            <Button variant="outline" onClick={() => setEditing(null)}>
              {i18n._('Cancel')}
            </Button>
            <Button onClick={() => void saveEdit()} loading={update.isPending}>
              {i18n._('Save changes')}
            </Button>
          </>
        }
      >
        {editing && (
          <AssetFields
            values={editing}
            errors={editErrors}
            kindLocked
            onChange={(p) => setEditing((e) => (e ? { ...e, ...p } : e))}
          />
        )}
      </Modal>

      <AddMediaModal assetId={a.id} existing={a.media.length} open={adding} onOpenChange={setAdding} />

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

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={i18n._('Delete this asset?')}
        destructive
        confirmLabel={i18n._('Delete permanently')}
        loading={remove.isPending}
        onConfirm={() => void doDelete()}
        message={
          <div className="space-y-2">
            <p>{i18n._('This permanently deletes:')}</p>
            <ul className="list-disc pl-5">
              <li>
                {i18n._('the asset “')}
                {a.title}
                {i18n._('” and all its details')}
              </li>
              {a.media.map((m, i) => (
                <li key={m.id}>
                  {i18n._('file')} {i + 1}: {m.kind}, {formatBytes(Number(m.size_bytes))}
                </li>
              ))}
              {(messages.data?.length ?? 0) > 0 && (
                <li>
                  {messages.data!.length} {i18n._('message')}
                  {messages.data!.length === 1 ? '' : 's'} {i18n._('from finders')}
                </li>
              )}
            </ul>
            <p>
              {i18n._(
                'The TMT paid for tagging is not refunded. The ledger keeps only hashes (no details) and records the deletion.',
              )}
            </p>
          </div>
        }
      />
    </div>
  );
}

function Messages({ assetId, messages }: { assetId: string; messages: AssetMessage[] }) {
  const reply = useReplyToMessage(assetId);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  if (messages.length === 0) return null;
  return (
    <Card className="mt-6" id="messages">
      <CardHeader>
        <CardTitle>{i18n._('Messages')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-xs text-slate-500">
          {i18n._(
            'Every sender confirmed their e-mail address before their message reached you; the names are what they typed. A reply from here is e-mailed to them from',
          )}{' '}
          {appConfig.appName}
          {i18n._(', with your address as the reply-to so they can answer you.')}
        </p>
        {messages.map((m) => (
          <div key={m.id} className="rounded-md border border-slate-200 p-3">
            <p className="text-xs text-slate-500">
              {m.sender_name
                ? i18n._('«{sender_name}» (the name they gave)', { sender_name: m.sender_name })
                : i18n._('A visitor who gave no name')}{' '}
              · {formatDateTime(m.created_at)}
              {m.replied_at && i18n._(' · replied')}
            </p>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900">{m.message}</p>
            <div className="mt-2 flex gap-2">
              <Textarea
                aria-label={i18n._('Reply')}
                rows={2}
                value={drafts[m.id] ?? ''}
                onChange={(e) => setDrafts((d) => ({ ...d, [m.id]: e.target.value }))}
              />
              <Button
                variant="outline"
                disabled={!drafts[m.id]?.trim()}
                loading={reply.isPending && reply.variables?.messageId === m.id}
                onClick={() =>
                  reply.mutate(
                    { messageId: m.id, reply: drafts[m.id]!.trim() },
                    {
                      onSuccess: () => {
                        toast.success(i18n._('Reply sent.'));
                        setDrafts((d) => ({ ...d, [m.id]: '' }));
                      },
                      onError: (err) => toast.error(toAppError(err).message),
                    },
                  )
                }
              >
                {i18n._('Reply')}
              </Button>
            </div>
            <p className="mt-2 flex gap-3 text-xs">
              <Link to={`/contact/block?message=${m.id}`} className="text-slate-600 hover:underline">
                {i18n._('Block this sender')}
              </Link>
              <Link to={`/contact/report?message=${m.id}`} className="text-red-700 hover:underline">
                {i18n._('Report abuse')}
              </Link>
            </p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
