// The asset form's fields: the common ones and those of the chosen kind. Controlled: the parent
// owns the values (so the tag screen can keep them in a draft through sign-up).
import { useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { AssetFormErrors, AssetFormValues } from '../lib/asset-form';
import { KindSpecificFields } from './asset-kind-fields';
import { PlaceFields } from './asset-place-fields';
import { PrivacyFields } from './asset-privacy-fields';
import { i18n } from '@/lib/i18n/i18n';

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

      <KindSpecificFields values={v} errors={errors} set={set} />

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
      <PlaceFields values={v} errors={errors} onChange={onChange} />

      <PrivacyFields values={v} error={errors.privacy} onChange={onChange} />
    </div>
  );
}
