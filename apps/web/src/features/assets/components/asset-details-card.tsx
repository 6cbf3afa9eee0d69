// The owner's view of every field of an asset, and the public serial check for its serial number.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { i18n } from '@/lib/i18n/i18n';
import { assetKindLabel } from '@/lib/labels/assets';
import { formatDateTime } from '@/lib/i18n/format';
import type { Asset } from '../api/types';
import { formatMoney } from '../lib/labels';
import { formatPosition } from './asset-place-fields';
import { DetailsCard, type DetailRow } from './details-card';
import { VerifyQr } from './verify-qr';
import { paths } from '@/config/paths';

export function AssetDetailsCard({ asset: a }: { asset: Asset }) {
  const rows: DetailRow[] = [
    [i18n._('Kind'), assetKindLabel(a.kind)],
    [i18n._('Description'), a.description],
    [i18n._('Tags'), a.tags.join(', ')],
    [i18n._('Serial number'), a.serial_number],
    [i18n._('Make'), a.make],
    [i18n._('Model'), a.model],
    [i18n._('Purchase date'), a.purchase_date],
    [i18n._('Purchase price'), formatMoney(a.purchase_price, a.currency)],
    [i18n._('URL'), a.asset_url],
    [i18n._('Content hash'), a.content_hash],
    [i18n._('Chain'), a.chain],
    [i18n._('Contract'), a.contract_address],
    [i18n._('Token id'), a.token_id],
    [i18n._('Instructions for heirs (private)'), a.heir_instructions],
    [i18n._('SKU'), a.sku],
    [i18n._('Quantity'), a.quantity != null ? String(a.quantity) : null],
    [i18n._('Estimated value'), formatMoney(a.estimated_value, a.currency)],
    [i18n._('Location'), a.location],
    [
      i18n._('Position'),
      a.location_latitude !== null && a.location_longitude !== null
        ? formatPosition(a.location_latitude, a.location_longitude, a.location_accuracy_m)
        : null,
    ],
    [
      i18n._('Place on the certificate'),
      a.location || a.location_latitude !== null
        ? a.location_on_certificate
          ? i18n._('Printed')
          : i18n._('Not printed')
        : null,
    ],
    [
      i18n._('Shown publicly'),
      a.privacy === 'public'
        ? [
            i18n._('Title, description, tags, identifiers, files'),
            a.share_value && 'value',
            a.share_location && 'location',
          ]
            .filter(Boolean)
            .join(', ')
        : i18n._('Nothing (private)'),
    ],
    [i18n._('Registered'), formatDateTime(a.created_at)],
  ];
  return (
    <DetailsCard rows={rows}>
      {a.serial_number && (
        <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
          <VerifyQr serial={a.serial_number} title={a.title} />
          <Link to={paths.verify(a.serial_number)} className={buttonClasses('link', 'md')}>
            {i18n._('See the public serial check')}
          </Link>
        </div>
      )}
    </DetailsCard>
  );
}
