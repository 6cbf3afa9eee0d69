// Where the asset is kept (decision 0156): a free-text place and, only when the owner presses the
// button and the browser agrees, the coordinates with their accuracy — never asked for
// automatically. Private: shown on public pages only when the owner also ticks "Also show the
// location" on a public asset, never on /verify; printed on the certificate only when ticked here.
import { useState } from 'react';
import { LocateFixed, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';
import type { AssetFormErrors, AssetFormValues } from '../lib/asset-form';

interface PlaceFieldsProps {
  values: AssetFormValues;
  errors: AssetFormErrors;
  onChange(patch: Partial<AssetFormValues>): void;
}

/** The position as the owner reads it: latitude, longitude (5 decimals, about a metre) and accuracy. */
export function formatPosition(lat: number, lng: number, accuracy: number | null): string {
  const coordinates = `${formatNumber(lat, { minimumFractionDigits: 5, maximumFractionDigits: 5 })}, ${formatNumber(
    lng,
    {
      minimumFractionDigits: 5,
      maximumFractionDigits: 5,
    },
  )}`;
  return accuracy === null
    ? coordinates
    : i18n._('{coordinates} (within {metres} m)', { coordinates, metres: formatNumber(Math.round(accuracy)) });
}

function geolocationMessage(code: number | null): string {
  if (code === null) return i18n._('This browser cannot share its position.');
  if (code === 1) return i18n._('Your browser did not share its position. You can allow it in the site settings.');
  if (code === 3) return i18n._('Finding your position took too long. Try again.');
  return i18n._('Your position could not be found. Try again, or describe the place in words.');
}

export function PlaceFields({ values: v, errors, onChange }: PlaceFieldsProps) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = () => {
    setProblem(null);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setProblem(geolocationMessage(null));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({
          location_latitude: position.coords.latitude,
          location_longitude: position.coords.longitude,
          location_accuracy_m: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null,
        });
      },
      (err) => {
        setLocating(false);
        setProblem(geolocationMessage(err.code));
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };

  const hasPosition = v.location_latitude !== null && v.location_longitude !== null;

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">{i18n._('Where it is kept')}</legend>
      <p className="text-xs text-slate-500">
        {i18n._('Private: only you see it, unless you choose below to show it.')}
      </p>
      <FormField label={i18n._('Location')} error={errors.location}>
        <Input
          value={v.location}
          onChange={(e) => onChange({ location: e.target.value })}
          maxLength={300}
          placeholder={i18n._('e.g. Home, London')}
        />
      </FormField>
      <div className="space-y-2">
        {hasPosition ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
            <span data-testid="asset-position">
              {i18n._('Position: {position}', {
                position: formatPosition(v.location_latitude!, v.location_longitude!, v.location_accuracy_m),
              })}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange({ location_latitude: null, location_longitude: null, location_accuracy_m: null })}
            >
              <X className="h-4 w-4" aria-hidden="true" />
              {i18n._('Remove the position')}
            </Button>
          </div>
        ) : null}
        <Button variant="outline" size="sm" onClick={locate} loading={locating}>
          <LocateFixed className="h-4 w-4" aria-hidden="true" />
          {hasPosition ? i18n._('Update with my current position') : i18n._('Use my current position')}
        </Button>
        {(problem || errors.location_latitude) && (
          <p role="alert" className="text-sm text-red-600">
            {problem ?? errors.location_latitude}
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={v.location_on_certificate}
          onChange={(e) => onChange({ location_on_certificate: e.target.checked })}
        />
        {i18n._('Print the place on the certificate')}
      </label>
    </fieldset>
  );
}
