import { Badge } from '@/components/ui/badge';
import type { AssetKind, AssetStatus } from '../api/types';
import { KIND_LABELS, STATUS_LABELS } from '../lib/labels';

export function StatusBadge({ status }: { status: AssetStatus }) {
  if (status === 'active') return null;
  return <Badge tone="danger">{STATUS_LABELS[status]}</Badge>;
}

export function KindBadge({ kind }: { kind: AssetKind }) {
  return <Badge tone="info">{KIND_LABELS[kind]}</Badge>;
}

export function PrivacyBadge({ privacy }: { privacy: 'private' | 'public' }) {
  return <Badge tone={privacy === 'public' ? 'success' : 'neutral'}>{privacy === 'public' ? 'Public' : 'Private'}</Badge>;
}
