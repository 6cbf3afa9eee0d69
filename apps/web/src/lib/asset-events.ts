// What the asset ledger's events and an asset's statuses are called on screen, shared by the owner's
// screens (features/assets) and the heir's (features/inheritance). Marked for the catalogue; shown
// with i18n._(label).
export const EVENT_LABELS: Record<string, string> = {
  register: /*i18n*/ 'Registered',
  edit: /*i18n*/ 'Edited',
  privacy: /*i18n*/ 'Privacy changed',
  lost: /*i18n*/ 'Reported lost',
  stolen: /*i18n*/ 'Reported stolen',
  found: /*i18n*/ 'Marked found',
  delete: /*i18n*/ 'Deleted',
  transfer: /*i18n*/ 'Transferred to a new owner',
};

export const STATUS_LABELS: Record<'active' | 'lost' | 'stolen', string> = {
  active: /*i18n*/ 'Active',
  lost: /*i18n*/ 'Reported lost',
  stolen: /*i18n*/ 'Reported stolen',
};
