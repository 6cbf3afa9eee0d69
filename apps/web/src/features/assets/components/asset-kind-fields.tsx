// The fields only one kind of asset has: make and model for general ownership, the token's
// coordinates for a digital asset, the heirs' instructions for a legacy, SKU and quantity for
// business inventory.
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { i18n } from '@/lib/i18n/i18n';
import type { AssetFormErrors, AssetFormValues } from '../lib/asset-form';

interface KindSpecificFieldsProps {
  values: AssetFormValues;
  errors: AssetFormErrors;
  /** The change handler of one text field. */
  set(key: keyof AssetFormValues): (e: { target: { value: string } }) => void;
}

export function KindSpecificFields({ values: v, errors, set }: KindSpecificFieldsProps) {
  return (
    <>
      {v.kind === 'general' && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label={i18n._('Make')} error={errors.make}>
            <Input value={v.make} onChange={set('make')} maxLength={100} />
          </FormField>
          <FormField label={i18n._('Model')} error={errors.model}>
            <Input value={v.model} onChange={set('model')} maxLength={100} />
          </FormField>
          <FormField
            label={i18n._('Serial number')}
            error={errors.serial_number}
            hint={i18n._('Lets anyone check it at /verify')}
          >
            <Input value={v.serial_number} onChange={set('serial_number')} maxLength={100} />
          </FormField>
          <FormField label={i18n._('Purchase date')} error={errors.purchase_date}>
            <Input type="date" value={v.purchase_date} onChange={set('purchase_date')} />
          </FormField>
          <FormField label={i18n._('Purchase price')} error={errors.purchase_price}>
            <Input inputMode="decimal" value={v.purchase_price} onChange={set('purchase_price')} />
          </FormField>
          <p className="self-end text-xs text-slate-600">
            {i18n._('Add the receipt and warranty as PDF files with the photos.')}
          </p>
        </div>
      )}

      {v.kind === 'digital' && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label={i18n._('URL')} error={errors.asset_url} className="space-y-1 sm:col-span-2">
            <Input
              value={v.asset_url}
              onChange={set('asset_url')}
              placeholder={i18n._('https://… or ipfs://…')}
              maxLength={1000}
            />
          </FormField>
          <FormField label={i18n._('Content hash')} error={errors.content_hash}>
            <Input value={v.content_hash} onChange={set('content_hash')} maxLength={200} />
          </FormField>
          <FormField label={i18n._('Chain')} error={errors.chain}>
            <Input value={v.chain} onChange={set('chain')} placeholder={i18n._('e.g. Ethereum')} maxLength={50} />
          </FormField>
          <FormField label={i18n._('Contract address')} error={errors.contract_address}>
            <Input value={v.contract_address} onChange={set('contract_address')} maxLength={200} />
          </FormField>
          <FormField label={i18n._('Token id')} error={errors.token_id}>
            <Input value={v.token_id} onChange={set('token_id')} maxLength={200} />
          </FormField>
          <FormField label={i18n._('Serial or identifier')} error={errors.serial_number}>
            <Input value={v.serial_number} onChange={set('serial_number')} maxLength={100} />
          </FormField>
        </div>
      )}

      {v.kind === 'legacy' && (
        <FormField
          label={i18n._('Instructions or a message for your heirs')}
          error={errors.heir_instructions}
          hint={i18n._('Kept private: never shown publicly, even to people checking a serial number.')}
        >
          <Textarea value={v.heir_instructions} onChange={set('heir_instructions')} rows={5} maxLength={10000} />
        </FormField>
      )}

      {v.kind === 'business' && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <FormField label={i18n._('SKU')} error={errors.sku}>
            <Input value={v.sku} onChange={set('sku')} maxLength={100} />
          </FormField>
          <FormField label={i18n._('Serial number')} error={errors.serial_number}>
            <Input value={v.serial_number} onChange={set('serial_number')} maxLength={100} />
          </FormField>
          <FormField label={i18n._('Quantity')} error={errors.quantity}>
            <Input inputMode="numeric" value={v.quantity} onChange={set('quantity')} />
          </FormField>
        </div>
      )}
    </>
  );
}
