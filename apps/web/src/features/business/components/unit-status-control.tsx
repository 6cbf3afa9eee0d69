// A unit's status in the product page's table: a business picks active, sold or recalled; a unit a
// moderator marked counterfeit shows that verdict with no control, since only a moderator can
// change it (the database refuses it too).
import { useState } from 'react';
import type { UnitStatus } from '@tagledger/functions-api';
import { Badge } from '@/components/ui/badge';
import { Select } from '@/components/ui/select';
import { i18n } from '@/lib/i18n/i18n';
import type { BusinessUnitStatus } from '../api/units';

const LABELS: Record<BusinessUnitStatus, string> = {
  active: /*i18n*/ 'Active',
  sold: /*i18n*/ 'Sold',
  recalled: /*i18n*/ 'Recalled',
};

export interface UnitStatusControlProps {
  serial: string;
  status: UnitStatus;
  /** Saves the new status; a rejection puts the previous one back (the caller reports the error). */
  onChange(status: BusinessUnitStatus): Promise<void>;
}

export function UnitStatusControl({ serial, status, onChange }: UnitStatusControlProps) {
  const [pending, setPending] = useState<BusinessUnitStatus | null>(null);
  if (status === 'counterfeit') {
    return <Badge tone="danger">{i18n._('Counterfeit (moderator’s verdict)')}</Badge>;
  }
  return (
    <Select
      aria-label={i18n._('Status of {serial}', { serial })}
      className="w-auto min-w-28 py-1"
      value={pending ?? status}
      disabled={pending !== null}
      options={(Object.keys(LABELS) as BusinessUnitStatus[]).map((value) => ({
        value,
        label: i18n._(LABELS[value]),
      }))}
      onChange={(e) => {
        const next = e.target.value as BusinessUnitStatus;
        if (next === status) return;
        setPending(next);
        onChange(next)
          .catch(() => undefined)
          .finally(() => setPending(null));
      }}
    />
  );
}
