// Single assets a next of kin receives, besides whole kinds: a checkbox per asset of the owner's,
// with a filter when there are many. Chosen assets stay chosen while the filter hides them.
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { i18n } from '@/lib/i18n/i18n';
import type { AssetChoice } from '../api/asset-choices';
import { ASSET_KINDS } from '../lib/schema';

/** Beyond this many assets the list gets a filter. */
const FILTER_FROM = 8;

export function AssetPicker({
  assets,
  failed = false,
  value,
  onChange,
}: {
  /** Undefined while the list loads (or when it failed). */
  assets: AssetChoice[] | undefined;
  failed?: boolean;
  value: string[];
  onChange(next: string[]): void;
}) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const hintId = useId();
  const kindLabel = (kind: string) => {
    const k = ASSET_KINDS.find((a) => a.value === kind);
    return k ? i18n._(k.label) : kind;
  };
  const needle = filter.trim().toLocaleLowerCase();
  const shown = (assets ?? []).filter((a) => !needle || a.title.toLocaleLowerCase().includes(needle));
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="space-y-2" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-900">{i18n._('Single assets')}</legend>
      <p id={hintId} className="text-xs text-slate-600">
        {i18n._('Besides whole kinds, choose assets one by one.')}{' '}
        {i18n._('{count, plural, =0 {None chosen.} one {# chosen.} other {# chosen.}}', { count: chosen.size })}
      </p>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {i18n._('Your assets could not be loaded. Close this form and try again.')}
        </p>
      ) : assets === undefined ? (
        <p className="text-sm text-slate-600">{i18n._('Loading your assets...')}</p>
      ) : assets.length === 0 ? (
        <p className="text-sm text-slate-600">{i18n._('You have not registered any assets yet.')}</p>
      ) : (
        <>
          {assets.length > FILTER_FROM ? (
            <div>
              <label htmlFor={filterId} className="text-xs font-medium text-slate-700">
                {i18n._('Find an asset')}
              </label>
              <Input
                id={filterId}
                type="search"
                autoComplete="off"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
            </div>
          ) : null}
          <ul className="max-h-56 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
            {shown.map((a) => (
              // The kind describes the checkbox rather than naming it: its name is the asset's title.
              <li key={a.id} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  id={`${filterId}-${a.id}`}
                  type="checkbox"
                  aria-describedby={`${filterId}-${a.id}-kind`}
                  className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300"
                  checked={chosen.has(a.id)}
                  onChange={(e) => toggle(a.id, e.target.checked)}
                />
                <span className="min-w-0 break-words">
                  <label htmlFor={`${filterId}-${a.id}`}>{a.title}</label>{' '}
                  <span id={`${filterId}-${a.id}-kind`} className="text-xs text-slate-500">
                    ({kindLabel(a.kind)})
                  </span>
                </span>
              </li>
            ))}
            {shown.length === 0 ? (
              <li className="text-sm text-slate-600">{i18n._('No asset matches “{filter}”.', { filter })}</li>
            ) : null}
          </ul>
        </>
      )}
    </fieldset>
  );
}
