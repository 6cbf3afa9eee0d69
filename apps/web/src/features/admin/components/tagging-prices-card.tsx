// The tagging prices (TMT) that quote_asset_cost and the registration charge read: base fee,
// photos, documents and the video tiers. Each changed price gets its own audit entry. A save is
// confirmed by a toast, since the card is rebuilt from the refreshed prices right after.
import { useSave } from '@/hooks/use-save';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { TaggingPrices, TaggingPricesUpdate } from '../api/payments';
import { i18n } from '@/lib/i18n/i18n';

/** The priced items in the order the card shows them, with their names (also read by the audit log). */
export const PRICE_ITEMS: [string, string][] = [
  ['base', /*i18n*/ 'Registration'],
  ['photo_first', /*i18n*/ 'First photo'],
  ['photo_additional', /*i18n*/ 'Each further photo'],
  ['document_first', /*i18n*/ 'First document'],
  ['document_additional', /*i18n*/ 'Each further document'],
];

const isAmount = (v: string) => /^\d+$/.test(v.trim()) && Number(v) <= 100_000;

export function TaggingPricesCard({
  prices,
  onSave,
}: {
  prices: TaggingPrices;
  onSave(p: TaggingPricesUpdate): Promise<unknown>;
}) {
  const [items, setItems] = useState(() =>
    Object.fromEntries(PRICE_ITEMS.map(([k]) => [k, String(prices.items[k] ?? 0)])),
  );
  const [video, setVideo] = useState(() => prices.video.map((v) => String(v.amount)));
  const { saving, error, setError, save } = useSave();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (![...Object.values(items), ...video].every(isAmount)) {
      setError(i18n._('Prices must be whole numbers from 0 to 100,000 TMT'));
      return;
    }
    await save(
      () =>
        onSave({
          ...Object.fromEntries(Object.entries(items).map(([k, v]) => [k, Number(v)])),
          video: prices.video.map((tier, i) => ({ max_seconds: tier.max_seconds, amount: Number(video[i]) })),
        }),
      i18n._('Tagging prices saved'),
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Tagging prices (TMT)')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label={i18n._('Tagging prices')} className="space-y-4" noValidate>
          <div className="grid gap-3 sm:grid-cols-3">
            {PRICE_ITEMS.map(([key, label]) => (
              <FormField key={key} label={i18n._(label)}>
                <Input
                  inputMode="numeric"
                  value={items[key]}
                  onChange={(e) => setItems({ ...items, [key]: e.target.value })}
                />
              </FormField>
            ))}
            {prices.video.map((tier, i) => (
              <FormField
                key={tier.max_seconds}
                label={i18n._('Video up to {max_seconds} s', { max_seconds: tier.max_seconds })}
              >
                <Input
                  inputMode="numeric"
                  value={video[i]}
                  onChange={(e) => setVideo(video.map((v, j) => (j === i ? e.target.value : v)))}
                />
              </FormField>
            ))}
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" loading={saving}>
            {i18n._('Save prices')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
