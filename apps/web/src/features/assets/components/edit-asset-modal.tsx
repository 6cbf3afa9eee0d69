// Editing an asset's fields (not its kind): validated here, saved through update_asset, which
// records the change in the ledger.
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import type { Asset } from '../api/types';
import { useUpdateAsset, type AssetPatch } from '../api/update-asset';
import { toAssetPayload, toFormValues, validateAssetForm, type AssetFormErrors } from '../lib/asset-form';
import { AssetFields } from './asset-fields';

export function EditAssetModal({ asset, onClose }: { asset: Asset; onClose(): void }) {
  const update = useUpdateAsset(asset.id);
  const [editing, setEditing] = useState(() => toFormValues(asset));
  const [editErrors, setEditErrors] = useState<AssetFormErrors>({});

  const saveEdit = async () => {
    const found = validateAssetForm(editing);
    setEditErrors(found);
    if (Object.keys(found).length) return;
    const { kind: _kind, ...patch } = toAssetPayload(editing);
    try {
      await update.mutateAsync(patch as AssetPatch);
      onClose();
      toast.success(i18n._('Changes saved and recorded in the ledger.'));
    } catch (err) {
      toast.error(toAppError(err).message);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={i18n._('Edit asset')}
      description={i18n._('Changes are recorded in the ledger.')}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {i18n._('Cancel')}
          </Button>
          <Button onClick={() => void saveEdit()} loading={update.isPending}>
            {i18n._('Save changes')}
          </Button>
        </>
      }
    >
      <AssetFields
        values={editing}
        errors={editErrors}
        kindLocked
        onChange={(p) => setEditing((e) => ({ ...e, ...p }))}
      />
    </Modal>
  );
}
