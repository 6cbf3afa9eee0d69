// "Buy tokens": the ways to pay this server offers (a provider in a currency, decision 0154), then
// one card per package with its price in that currency, the price per 100 TMT and the saving; a
// mobile-money payment asks for the payer's number. When no provider is configured it says so and
// how an admin turns purchases on.
import { Coins } from 'lucide-react';
import type { PaymentProviderName } from '@tagledger/functions-api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/utils/format';
import type { TokenPackage } from '@/lib/token-package';
import { inCurrency, pricePer100, savingPercent, type PaymentOption } from '../lib/packages';
import { formatTmt } from '@/utils/format';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';

const PROVIDER_NAMES: Record<PaymentProviderName, string> = {
  stripe: /*i18n*/ 'Card',
  paystack: /*i18n*/ 'Paystack',
  mtn_momo: /*i18n*/ 'MTN Mobile Money',
};

export function optionKey(o: PaymentOption): string {
  return `${o.provider}:${o.currency}`;
}

export interface BuyTokensProps {
  enabled: boolean;
  packages: TokenPackage[] | undefined;
  /** The ways to pay offered, and the one chosen. */
  options?: PaymentOption[] | undefined;
  option?: PaymentOption | undefined;
  onOptionChange?(option: PaymentOption): void;
  /** The payer's mobile-money number, asked for MTN MoMo. */
  phone?: string | undefined;
  onPhoneChange?(phone: string): void;
  /** The package whose checkout is being opened. */
  buying: string | null;
  error: string | null;
  onBuy(packageId: string): void;
}

export function BuyTokens({
  enabled,
  packages,
  options = [],
  option,
  onOptionChange,
  phone = '',
  onPhoneChange,
  buying,
  error,
  onBuy,
}: BuyTokensProps) {
  const priced = packages && option ? packages.flatMap((p) => inCurrency(p, option.currency) ?? []) : packages;
  return (
    <Card id="buy-tokens">
      <CardHeader>
        <CardTitle>{i18n._('Buy tokens')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {!enabled ? (
          <p role="status" className="text-slate-700">
            {i18n._(
              'Token purchases are not enabled on this server. An administrator enables them by setting STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (see the README); until then, administrators can grant tokens.',
            )}
          </p>
        ) : priced === undefined ? (
          <p className="text-slate-500">{i18n._('Loading packages…')}</p>
        ) : (
          <>
            {options.length > 1 && option && (
              <label className="block text-slate-800">
                <span className="mb-1 block font-medium">{i18n._('Pay with')}</span>
                <select
                  className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5"
                  value={optionKey(option)}
                  onChange={(e) => {
                    const next = options.find((o) => optionKey(o) === e.target.value);
                    if (next) onOptionChange?.(next);
                  }}
                >
                  {options.map((o) => (
                    <option key={optionKey(o)} value={optionKey(o)}>
                      {i18n._('{provider} in {currency}', {
                        provider: i18n._(PROVIDER_NAMES[o.provider]),
                        currency: o.currency.toUpperCase(),
                      })}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {option?.provider === 'mtn_momo' && (
              <label className="block text-slate-800">
                <span className="mb-1 block font-medium">{i18n._('Your MTN Mobile Money number')}</span>
                <Input
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  value={phone}
                  placeholder="+237 6 71 23 45 67"
                  onChange={(e) => onPhoneChange?.(e.target.value)}
                />
                <span className="mt-1 block text-slate-600">
                  {i18n._('In international form, with the country code. You approve the payment on your phone.')}
                </span>
              </label>
            )}
            {priced.length === 0 ? (
              <p className="text-slate-700">{i18n._('No packages are on sale at the moment.')}</p>
            ) : (
              <ul className="grid gap-3" aria-label={i18n._('Token packages')}>
                {priced.map((pkg) => {
                  const saving = savingPercent(pkg, priced);
                  return (
                    <li
                      key={pkg.id}
                      className="flex items-center justify-between gap-3 rounded-md border border-slate-200 p-3"
                    >
                      <div>
                        <p className="font-medium text-slate-900">
                          <Coins className="mr-1 inline h-4 w-4 text-amber-600" aria-hidden="true" />
                          {formatTmt(pkg.tokens)}
                        </p>
                        <p className="text-slate-600">
                          {formatMoney(pricePer100(pkg), pkg.currency)} {i18n._('per 100 TMT')}
                          {saving > 0 && (
                            <span className="ml-2 font-medium text-green-700">
                              {i18n._('Save {percent}', { percent: formatNumber(saving / 100, { style: 'percent' }) })}
                            </span>
                          )}
                        </p>
                      </div>
                      <Button
                        onClick={() => onBuy(pkg.id)}
                        loading={buying === pkg.id}
                        disabled={buying !== null}
                        aria-label={i18n._('Buy {formatTmt} for {formatMoney}', {
                          formatTmt: formatTmt(pkg.tokens),
                          formatMoney: formatMoney(pkg.price_minor, pkg.currency),
                        })}
                      >
                        {formatMoney(pkg.price_minor, pkg.currency)}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
