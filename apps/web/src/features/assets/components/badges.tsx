import { Badge } from '@/components/ui/badge';
import type { AssetKind, AssetStatus } from '../api/types';
import { KIND_LABELS, STATUS_LABELS } from '../lib/labels';
import { i18n } from '@/lib/i18n/i18n';

export function StatusBadge({ status }: { status: AssetStatus }) {
  if (status === 'active') return null;
  return <Badge tone="danger">{i18n._(STATUS_LABELS[status])}</Badge>;
}

export function KindBadge({ kind }: { kind: AssetKind }) {
  return <Badge tone="info">{i18n._(KIND_LABELS[kind])}</Badge>;
}

export function PrivacyBadge({ privacy }: { privacy: 'private' | 'public' }) {
  return (
    <Badge tone={privacy === 'public' ? 'success' : 'neutral'}>
      {privacy === 'public' ? i18n._('Public') : i18n._('Private')}
    </Badge>
  );
}
