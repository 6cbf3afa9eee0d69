// Token packages for admins: edit name, tokens, price and whether it is on sale; add new ones; and
// each package's prices in the currencies Paystack and MTN MoMo take ("NGN 9000.00, XAF 3400").
// Packages are never deleted (purchases point at them): deactivating takes one off sale. A save is
// confirmed by a toast: the row is rebuilt from the refreshed packages right after, which would
// take a message shown inside it away at once.
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, type InputProps } from '@/components/ui/input';
import { useSave } from '@/hooks/use-save';
import type { AdminTokenPackage, PackageDraft } from '../api/payments';
import { i18n } from '@/lib/i18n/i18n';
import { minorDigits } from '@/utils/format';

/** {ngn: 900000, xaf: 3400} → "NGN 9000.00, XAF 3400". */
export function formatPrices(prices: Record<string, number> | undefined): string {
  return Object.entries(prices ?? {})
    .map(([currency, minor]) => {
      const digits = minorDigits(currency);
      return `${currency.toUpperCase()} ${(minor / 10 ** digits).toFixed(digits)}`;
    })
    .join(', ');
}

/** "NGN 9000, XAF 3400" → {ngn: 900000, xaf: 3400}; null when a part is not a code and an amount of that currency. */
export function parsePrices(text: string): Record<string, number> | null {
  const prices: Record<string, number> = {};
  for (const part of text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z]{3})\s*(\d{1,9})(?:[.,](\d+))?$/.exec(part);
    if (!m) return null;
    const currency = m[1]!.toLowerCase();
    let digits: number;
    try {
      digits = minorDigits(currency);
    } catch {
      return null;
    }
    const fraction = m[3] ?? '';
    if (fraction.length > digits) return null;
    const minor = Number(m[2]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
    if (minor < 1) return null;
    prices[currency] = minor;
  }
  return prices;
}

/** A row of the card: its fields on one grid line, and its refusal on a line of its own under them. */
function RowForm({
  label,
  onSubmit,
  error,
  children,
}: {
  label: string;
  onSubmit(e: React.FormEvent): void;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} aria-label={label} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-6" noValidate>
      {children}
      {error && (
        <p role="alert" className="col-span-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * A row's text field. The rows have no visible labels, so `label` names the field for screen readers
 * and, unless another placeholder is given, shows in the empty field.
 */
function RowInput({
  label,
  onValue,
  ...rest
}: Omit<InputProps, 'aria-label' | 'onChange'> & { label: string; onValue(value: string): void }) {
  return <Input aria-label={label} placeholder={label} onChange={(e) => onValue(e.target.value)} {...rest} />;
}

function PricesRow({
  pkg,
  onSavePrices,
}: {
  pkg: AdminTokenPackage;
  onSavePrices(id: string, prices: Record<string, number>): Promise<unknown>;
}) {
  const [text, setText] = useState(formatPrices(pkg.prices));
  const { saving, error, setError, save } = useSave();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const prices = parsePrices(text);
    if (!prices) {
      setError(i18n._('Write each price as a currency code and an amount, separated by commas: NGN 9000.00, XAF 3400'));
      return;
    }
    await save(() => onSavePrices(pkg.id, prices), i18n._('Prices of {name} saved', { name: pkg.name }));
  }

  return (
    <RowForm onSubmit={submit} label={i18n._('Prices of {name} in other currencies', { name: pkg.name })} error={error}>
      <RowInput
        label={i18n._('Prices in other currencies')}
        value={text}
        onValue={setText}
        placeholder={i18n._('NGN 9000.00, XAF 3400')}
        className="col-span-2 sm:col-span-5"
      />
      <Button type="submit" size="sm" variant="outline" loading={saving}>
        {i18n._('Save prices')}
      </Button>
    </RowForm>
  );
}

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
  const { saving, error, setError, save } = useSave();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const priceMinor = parsePrice(price);
    if (!name.trim() || !/^\d+$/.test(tokens.trim()) || Number(tokens) < 1 || priceMinor === null || priceMinor < 50) {
      setError(i18n._('Give a name, a whole number of tokens and a price of at least 0.50'));
      return;
    }
    await save(
      () => onSave({ ...pkg, name: name.trim(), tokens: Number(tokens), price_minor: priceMinor, active }),
      pkg.id
        ? i18n._('Package {name} saved', { name: name.trim() })
        : i18n._('Package {name} added', { name: name.trim() }),
    );
  }

  return (
    <RowForm onSubmit={submit} label={label} error={error}>
      <RowInput label={i18n._('Name')} value={name} onValue={setName} className="sm:col-span-2" />
      <RowInput label={i18n._('Tokens')} inputMode="numeric" value={tokens} onValue={setTokens} />
      <RowInput
        label={i18n._('Price ({value})', { value: pkg.currency.toUpperCase() })}
        inputMode="decimal"
        value={price}
        onValue={setPrice}
        placeholder={i18n._('Price')}
      />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {i18n._('On sale')}
      </label>
      <Button type="submit" size="sm" loading={saving}>
        {pkg.id ? i18n._('Save') : i18n._('Add')}
      </Button>
    </RowForm>
  );
}

export function TokenPackagesCard({
  packages,
  onSave,
  onSavePrices,
}: {
  packages: AdminTokenPackage[];
  onSave(p: PackageDraft): Promise<unknown>;
  /** Saves a package's prices in other currencies; without it they are not shown. */
  onSavePrices?(id: string, prices: Record<string, number>): Promise<unknown>;
}) {
  const nextOrder = Math.max(0, ...packages.map((p) => p.sort_order)) + 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Token packages')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {packages.map((p) => (
          <div key={p.id} className="space-y-2">
            <PackageRow
              key={`${p.id}:${p.price_minor}:${p.active}:${p.name}:${p.tokens}`}
              pkg={p}
              onSave={onSave}
              label={i18n._('Package {name}', { name: p.name })}
            />
            {onSavePrices && (
              <PricesRow key={`${p.id}:${formatPrices(p.prices)}`} pkg={p} onSavePrices={onSavePrices} />
            )}
          </div>
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
