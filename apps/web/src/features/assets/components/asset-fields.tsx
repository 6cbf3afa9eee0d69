// The asset form's fields: the common ones and those of the chosen kind. Controlled: the parent
// owns the values (so the tag screen can keep them in a draft through sign-up).
import { useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { AssetKind } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';

export interface AssetFormValues {
  kind: AssetKind;
  title: string;
  description: string;
  tags: string[];
  estimated_value: string;
  currency: string;
  location: string;
  privacy: 'private' | 'public';
  share_value: boolean;
  share_location: boolean;
  serial_number: string;
  make: string;
  model: string;
  purchase_date: string;
  purchase_price: string;
  asset_url: string;
  content_hash: string;
  chain: string;
  contract_address: string;
  token_id: string;
  heir_instructions: string;
  sku: string;
  quantity: string;
}

export const EMPTY_ASSET_FORM: AssetFormValues = {
  kind: 'general',
  title: '',
  description: '',
  tags: [],
  estimated_value: '',
  currency: 'GBP',
  location: '',
  privacy: 'private',
  share_value: false,
  share_location: false,
  serial_number: '',
  make: '',
  model: '',
  purchase_date: '',
  purchase_price: '',
  asset_url: '',
  content_hash: '',
  chain: '',
  contract_address: '',
  token_id: '',
  heir_instructions: '',
  sku: '',
  quantity: '',
};

export type AssetFormErrors = Partial<Record<keyof AssetFormValues, string>>;

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

export function validateAssetForm(v: AssetFormValues): AssetFormErrors {
  const e: AssetFormErrors = {};
  if (!v.title.trim()) e.title = i18n._('Title is required');
  else if (v.title.trim().length > 200) e.title = i18n._('The title must be at most 200 characters');
  if (v.estimated_value && !MONEY.test(v.estimated_value.trim()))
    e.estimated_value = i18n._('Enter an amount like 120.50');
  if (v.purchase_price && !MONEY.test(v.purchase_price.trim()))
    e.purchase_price = i18n._('Enter an amount like 120.50');
  if (!/^[A-Za-z]{3}$/.test(v.currency.trim())) e.currency = i18n._('Use a 3-letter currency code, e.g. GBP');
  if (v.asset_url && !/^(https?|ipfs|ar):\/\//i.test(v.asset_url.trim()))
    e.asset_url = i18n._('The URL must start with https://, ipfs:// or ar://');
  if (v.quantity && !/^\d{1,9}$/.test(v.quantity.trim())) e.quantity = i18n._('Enter a whole number');
  if (v.kind === 'legacy' && v.privacy === 'public') e.privacy = i18n._('Will and legacy assets are always private');
  return e;
}

/** The payload register-asset and updates expect: empty strings become null, kind-specific fields only for that kind. */
export function toAssetPayload(v: AssetFormValues) {
  const text = (s: string) => (s.trim() ? s.trim() : null);
  const isKind = (k: AssetKind) => v.kind === k;
  return {
    kind: v.kind,
    title: v.title.trim(),
    description: text(v.description),
    tags: v.tags,
    estimated_value: text(v.estimated_value),
    currency: v.currency.trim().toUpperCase() || 'GBP',
    location: text(v.location),
    privacy: v.kind === 'legacy' ? 'private' : v.privacy,
    share_value: v.share_value,
    share_location: v.share_location,
    serial_number: isKind('legacy') ? null : text(v.serial_number),
    make: isKind('general') ? text(v.make) : null,
    model: isKind('general') ? text(v.model) : null,
    purchase_date: isKind('general') ? text(v.purchase_date) : null,
    purchase_price: isKind('general') ? text(v.purchase_price) : null,
    asset_url: isKind('digital') ? text(v.asset_url) : null,
    content_hash: isKind('digital') ? text(v.content_hash) : null,
    chain: isKind('digital') ? text(v.chain) : null,
    contract_address: isKind('digital') ? text(v.contract_address) : null,
    token_id: isKind('digital') ? text(v.token_id) : null,
    heir_instructions: isKind('legacy') ? text(v.heir_instructions) : null,
    sku: isKind('business') ? text(v.sku) : null,
    quantity: isKind('business') && v.quantity.trim() ? Number(v.quantity) : null,
  } as const;
}

interface Props {
  values: AssetFormValues;
  errors: AssetFormErrors;
  onChange(patch: Partial<AssetFormValues>): void;
  /** Kind is chosen once, at registration. */
  kindLocked?: boolean;
}

export function AssetFields({ values: v, errors, onChange, kindLocked }: Props) {
  const [tagDraft, setTagDraft] = useState('');
  const addTag = () => {
    const t = tagDraft.trim();
    if (t && !v.tags.includes(t) && v.tags.length < 30) onChange({ tags: [...v.tags, t.slice(0, 50)] });
    setTagDraft('');
  };
  const onTagKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      addTag();
    }
  };
  const set = (key: keyof AssetFormValues) => (e: { target: { value: string } }) =>
    onChange({ [key]: e.target.value } as Partial<AssetFormValues>);

  return (
    <div className="space-y-4">
      {!kindLocked && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{i18n._('What are you tagging?')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {(
              [
                [
                  'general',
                  i18n._('General ownership'),
                  i18n._('Bikes, jewellery, electronics: make, model, serial, receipts'),
                ],
                ['digital', i18n._('Digital asset / NFT'), i18n._('URL, content hash, chain, contract and token id')],
                [
                  'legacy',
                  i18n._('Will and legacy'),
                  i18n._('Instructions or a message for your heirs, always private'),
                ],
                ['business', i18n._('Business inventory'), i18n._('SKU, serial number and quantity')],
              ] as const
            ).map(([kind, label, hint]) => (
              <label
                key={kind}
                className={`flex cursor-pointer flex-col rounded-md border p-3 text-sm ${v.kind === kind ? 'border-blue-600 bg-blue-50' : 'border-slate-300'}`}
              >
                <span className="flex items-center gap-2 font-medium text-slate-900">
                  <input
                    type="radio"
                    name="asset-kind"
                    value={kind}
                    checked={v.kind === kind}
                    onChange={() => onChange({ kind, ...(kind === 'legacy' ? { privacy: 'private' as const } : {}) })}
                  />
                  {label}
                </span>
                <span className="mt-1 text-xs text-slate-600">{hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <FormField label={i18n._('Title')} required error={errors.title}>
        <Input value={v.title} onChange={set('title')} maxLength={200} placeholder={i18n._('e.g. Trek road bike')} />
      </FormField>
      <FormField label={i18n._('Description')} error={errors.description}>
        <Textarea value={v.description} onChange={set('description')} rows={3} maxLength={5000} />
      </FormField>
      <FormField label={i18n._('Tags')} hint={i18n._('Press Enter to add a tag')}>
        <Input
          value={tagDraft}
          onChange={(e) => setTagDraft(e.target.value)}
          onKeyDown={onTagKey}
          onBlur={addTag}
          maxLength={50}
        />
      </FormField>
      {v.tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={i18n._('Tags')}>
          {v.tags.map((t) => (
            <li
              key={t}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800"
            >
              {t}
              <button
                type="button"
                aria-label={i18n._('Remove tag {t}', { t })}
                onClick={() => onChange({ tags: v.tags.filter((x) => x !== t) })}
              >
                <X className="h-3 w-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}

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

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <FormField label={i18n._('Estimated value')} error={errors.estimated_value} className="space-y-1 sm:col-span-2">
          <Input inputMode="decimal" value={v.estimated_value} onChange={set('estimated_value')} placeholder="0.00" />
        </FormField>
        <FormField label={i18n._('Currency')} error={errors.currency}>
          <Select
            value={v.currency}
            onChange={set('currency')}
            options={['GBP', 'EUR', 'USD', 'XAF', 'NGN'].map((c) => ({ value: c, label: c }))}
          />
        </FormField>
      </div>
      <FormField label={i18n._('Location')} error={errors.location}>
        <Input
          value={v.location}
          onChange={set('location')}
          maxLength={300}
          placeholder={i18n._('e.g. Home, London')}
        />
      </FormField>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{i18n._('Privacy')}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="privacy"
              checked={v.privacy === 'private'}
              onChange={() => onChange({ privacy: 'private' })}
            />
            {i18n._('Private (only you)')}
          </label>
          <label className={`flex items-center gap-2 ${v.kind === 'legacy' ? 'text-slate-400' : ''}`}>
            <input
              type="radio"
              name="privacy"
              checked={v.privacy === 'public'}
              disabled={v.kind === 'legacy'}
              onChange={() => onChange({ privacy: 'public' })}
            />
            {i18n._('Public (shown in Public Assets)')}
          </label>
        </div>
        {errors.privacy && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {errors.privacy}
          </p>
        )}
        {v.privacy === 'public' && (
          <div className="mt-3 space-y-2 rounded-md bg-slate-50 p-3 text-sm">
            <p className="text-slate-600">
              {i18n._(
                'Public assets show the title, description, tags, identifiers and files, never your name or e-mail.',
              )}
            </p>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={v.share_value}
                onChange={(e) => onChange({ share_value: e.target.checked })}
              />
              {i18n._('Also show the estimated value')}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={v.share_location}
                onChange={(e) => onChange({ share_location: e.target.checked })}
              />
              {i18n._('Also show the location')}
            </label>
          </div>
        )}
      </fieldset>
    </div>
  );
}
