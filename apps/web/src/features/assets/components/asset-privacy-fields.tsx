// Private or public, and for a public asset whether its value and location are shown too. A
// legacy asset is always private.
import { i18n } from '@/lib/i18n/i18n';
import type { AssetFormValues } from '../lib/asset-form';

interface PrivacyFieldsProps {
  values: AssetFormValues;
  error: string | undefined;
  onChange(patch: Partial<AssetFormValues>): void;
}

export function PrivacyFields({ values: v, error, onChange }: PrivacyFieldsProps) {
  return (
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
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
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
  );
}
