// Token packages for admins: edit name, tokens, price and whether it is on sale; add new ones.
// Packages are never deleted (purchases point at them): deactivating takes one off sale. A save is
// confirmed by a toast: the row is rebuilt from the refreshed packages right after, which would
// take a message shown inside it away at once.
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toAppError } from '@/lib/api-error';
import type { AdminTokenPackage, PackageDraft } from '../api/payments';
import { i18n } from '@/lib/i18n/i18n';

/** "4.50" → 450; null when it is not an amount with at most two decimals. */
export function parsePrice(text: string): number | null {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

function PackageRow({
  pkg,
  onSave,
  label,
}: {
  pkg: PackageDraft;
  onSave(p: PackageDraft): Promise<unknown>;
  label: string;
}) {
  const [name, setName] = useState(pkg.name);
  const [tokens, setTokens] = useState(pkg.id ? String(pkg.tokens) : '');
  const [price, setPrice] = useState(pkg.id ? (pkg.price_minor / 100).toFixed(2) : '');
  const [active, setActive] = useState(pkg.active);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const priceMinor = parsePrice(price);
    if (!name.trim() || !/^\d+$/.test(tokens.trim()) || Number(tokens) < 1 || priceMinor === null || priceMinor < 50) {
      setError(i18n._('Give a name, a whole number of tokens and a price of at least 0.50'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave({ ...pkg, name: name.trim(), tokens: Number(tokens), price_minor: priceMinor, active });
      toast.success(
        pkg.id
          ? i18n._('Package {name} saved', { name: name.trim() })
          : i18n._('Package {name} added', { name: name.trim() }),
      );
    } catch (err) {
      setError(toAppError(err).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={label} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-6" noValidate>
      <Input
        aria-label={i18n._('Name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={i18n._('Name')}
        className="sm:col-span-2"
      />
      <Input
        aria-label={i18n._('Tokens')}
        inputMode="numeric"
        value={tokens}
        onChange={(e) => setTokens(e.target.value)}
        placeholder={i18n._('Tokens')}
      />
      <Input
        aria-label={i18n._('Price ({value})', { value: pkg.currency.toUpperCase() })}
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        placeholder={i18n._('Price')}
      />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {i18n._('On sale')}
      </label>
      <Button type="submit" size="sm" loading={saving}>
        {pkg.id ? i18n._('Save') : i18n._('Add')}
      </Button>
      {error && (
        <p role="alert" className="col-span-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

export function TokenPackagesCard({
  packages,
  onSave,
}: {
  packages: AdminTokenPackage[];
  onSave(p: PackageDraft): Promise<unknown>;
}) {
  const nextOrder = Math.max(0, ...packages.map((p) => p.sort_order)) + 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Token packages')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {packages.map((p) => (
          <PackageRow
            key={`${p.id}:${p.price_minor}:${p.active}:${p.name}:${p.tokens}`}
            pkg={p}
            onSave={onSave}
            label={i18n._('Package {name}', { name: p.name })}
          />
        ))}
        <PackageRow
          key={`new:${packages.length}`}
          pkg={{ id: null, name: '', tokens: 0, price_minor: 0, currency: 'gbp', active: true, sort_order: nextOrder }}
          onSave={onSave}
          label={i18n._('New package')}
        />
      </CardContent>
    </Card>
  );
}
