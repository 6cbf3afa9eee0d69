// Business units' statuses (business_units.status) as the scan page and /verify name them to the
// person holding the item (the business's own screens say it shorter: unit-status-control.tsx).
import { labelOf } from './label-of';

export const UNIT_STATUS_LABELS: Readonly<Record<string, string>> = {
  active: /*i18n*/ 'Genuine, in circulation',
  sold: /*i18n*/ 'Genuine, sold',
  recalled: /*i18n*/ 'Recalled by the brand',
  counterfeit: /*i18n*/ 'Reported counterfeit',
};

export const unitStatusLabel = (status: string) => labelOf(UNIT_STATUS_LABELS, status);
