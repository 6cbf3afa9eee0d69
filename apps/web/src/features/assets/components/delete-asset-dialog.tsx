// The confirmation before an asset is deleted: it lists what goes (the details, each file, the
// finders' messages) and what stays (the TMT paid, the ledger's hashes).
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { i18n } from '@/lib/i18n/i18n';
import { mediaKindLabel } from '@/lib/labels/assets';
import type { Asset } from '../api/types';
import { formatBytes } from '../lib/media-rules';

interface DeleteAssetDialogProps {
  asset: Asset;
  messageCount: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  loading: boolean;
  onConfirm(): void;
}

export function DeleteAssetDialog({
  asset: a,
  messageCount,
  open,
  onOpenChange,
  loading,
  onConfirm,
}: DeleteAssetDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._('Delete this asset?')}
      destructive
      confirmLabel={i18n._('Delete permanently')}
      loading={loading}
      onConfirm={onConfirm}
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
                {i18n._('file {number}: {kind}, {size}', {
                  number: i + 1,
                  kind: mediaKindLabel(m.kind),
                  size: formatBytes(Number(m.size_bytes)),
                })}
              </li>
            ))}
            {messageCount > 0 && (
              <li>
                {messageCount} {i18n._('message')}
                {messageCount === 1 ? '' : 's'} {i18n._('from finders')}
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
  );
}
