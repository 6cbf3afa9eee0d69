// "Buy tokens": one card per package with its price, the price per 100 TMT and the saving. When
// the server has no Stripe settings it says so and how an admin turns purchases on.
import { Coins } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/utils/format';
import { pricePer100, savingPercent, type TokenPackage } from '../lib/packages';
import { formatTmt } from '@/utils/format';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';

export interface BuyTokensProps {
  enabled: boolean;
  packages: TokenPackage[] | undefined;
  /** The package whose checkout is being opened. */
  buying: string | null;
  error: string | null;
  onBuy(packageId: string): void;
}

export function BuyTokens({ enabled, packages, buying, error, onBuy }: BuyTokensProps) {
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
        ) : packages === undefined ? (
          <p className="text-slate-500">{i18n._('Loading packages…')}</p>
        ) : packages.length === 0 ? (
          <p className="text-slate-700">{i18n._('No packages are on sale at the moment.')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={i18n._('Token packages')}>
            {packages.map((pkg) => {
              const saving = savingPercent(pkg, packages);
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
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
