// The owner's view of every field of an asset, and the public serial check for its serial number.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { i18n } from '@/lib/i18n/i18n';
import { assetKindLabel } from '@/lib/labels/assets';
import { formatDateTime } from '@/lib/i18n/format';
import type { Asset } from '../api/types';
import { formatMoney } from '../lib/labels';
import { formatPosition } from './asset-place-fields';
import { VerifyQr } from './verify-qr';
import { paths } from '@/config/paths';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-sm text-slate-900">{value}</dd>
    </div>
  );
}

export function AssetDetailsCard({ asset: a }: { asset: Asset }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Details')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3">
          <Field label={i18n._('Kind')} value={assetKindLabel(a.kind)} />
          <Field label={i18n._('Description')} value={a.description} />
          <Field label={i18n._('Tags')} value={a.tags.join(', ')} />
          <Field label={i18n._('Serial number')} value={a.serial_number} />
          <Field label={i18n._('Make')} value={a.make} />
          <Field label={i18n._('Model')} value={a.model} />
          <Field label={i18n._('Purchase date')} value={a.purchase_date} />
          <Field label={i18n._('Purchase price')} value={formatMoney(a.purchase_price, a.currency)} />
          <Field label={i18n._('URL')} value={a.asset_url} />
          <Field label={i18n._('Content hash')} value={a.content_hash} />
          <Field label={i18n._('Chain')} value={a.chain} />
          <Field label={i18n._('Contract')} value={a.contract_address} />
          <Field label={i18n._('Token id')} value={a.token_id} />
          <Field label={i18n._('Instructions for heirs (private)')} value={a.heir_instructions} />
          <Field label={i18n._('SKU')} value={a.sku} />
          <Field label={i18n._('Quantity')} value={a.quantity != null ? String(a.quantity) : null} />
          <Field label={i18n._('Estimated value')} value={formatMoney(a.estimated_value, a.currency)} />
          <Field label={i18n._('Location')} value={a.location} />
          <Field
            label={i18n._('Position')}
            value={
              a.location_latitude !== null && a.location_longitude !== null
                ? formatPosition(a.location_latitude, a.location_longitude, a.location_accuracy_m)
                : null
            }
          />
          <Field
            label={i18n._('Place on the certificate')}
            value={
              a.location || a.location_latitude !== null
                ? a.location_on_certificate
                  ? i18n._('Printed')
                  : i18n._('Not printed')
                : null
            }
          />
          <Field
            label={i18n._('Shown publicly')}
            value={
              a.privacy === 'public'
                ? [
                    i18n._('Title, description, tags, identifiers, files'),
                    a.share_value && 'value',
                    a.share_location && 'location',
                  ]
                    .filter(Boolean)
                    .join(', ')
                : i18n._('Nothing (private)')
            }
          />
          <Field label={i18n._('Registered')} value={formatDateTime(a.created_at)} />
        </dl>
        {a.serial_number && (
          <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
            <VerifyQr serial={a.serial_number} title={a.title} />
            <Link to={paths.verify(a.serial_number)} className={buttonClasses('link', 'md')}>
              {i18n._('See the public serial check')}
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
