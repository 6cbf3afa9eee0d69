import { Badge } from '@/components/ui/badge';
import type { AssetKind, AssetStatus } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { assetKindLabel, assetStatusLabel } from '@/lib/labels/assets';

export function StatusBadge({ status }: { status: AssetStatus }) {
  if (status === 'active') return null;
  return <Badge tone="danger">{assetStatusLabel(status)}</Badge>;
}

export function KindBadge({ kind }: { kind: AssetKind }) {
  return <Badge tone="info">{assetKindLabel(kind)}</Badge>;
}

export function PrivacyBadge({ privacy }: { privacy: 'private' | 'public' }) {
  return (
    <Badge tone={privacy === 'public' ? 'success' : 'neutral'}>
      {privacy === 'public' ? i18n._('Public') : i18n._('Private')}
    </Badge>
  );
}
