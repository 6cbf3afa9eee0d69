// Next-of-kin values stored in the database, as the screens name them: the relationships the form
// offers (next_of_kin.relationship keeps the English choice, or what the owner typed), an entry's
// invitation status (next_of_kin.status) and the steps of the legacy log (legacy_events.kind).
import { i18n } from '@/lib/i18n/i18n';
import { labelOf } from './label-of';

/** The relationships the form offers; the stored value is the English one. */
export const RELATIONSHIPS = [
  /*i18n*/ 'Spouse or partner',
  /*i18n*/ 'Child',
  /*i18n*/ 'Parent',
  /*i18n*/ 'Sibling',
  /*i18n*/ 'Grandchild',
  /*i18n*/ 'Other relative',
  /*i18n*/ 'Friend',
  /*i18n*/ 'Executor',
  /*i18n*/ 'Lawyer',
  /*i18n*/ 'Other',
];

/** A stored relationship in the reader's language; one the owner typed is shown as typed. */
export const relationshipLabel = (relationship: string) =>
  RELATIONSHIPS.includes(relationship) ? i18n._(relationship) : relationship;

export const NOK_STATUS_LABELS: Readonly<Record<string, string>> = {
  not_invited: /*i18n*/ 'Not invited',
  invited: /*i18n*/ 'Invited',
  accepted: /*i18n*/ 'Accepted',
  declined: /*i18n*/ 'Declined',
};

export const nokStatusLabel = (status: string) => labelOf(NOK_STATUS_LABELS, status);

export const LEGACY_STEP_LABELS: Readonly<Record<string, string>> = {
  switch_changed: /*i18n*/ 'Switch changed',
  invited: /*i18n*/ 'Invitation sent',
  accepted: /*i18n*/ 'Invitation accepted',
  declined: /*i18n*/ 'Invitation declined',
  reminder: /*i18n*/ 'Reminder sent',
  final_notice: /*i18n*/ 'Final notice sent',
  pause_ended: /*i18n*/ 'Pause ended',
  early_request: /*i18n*/ 'Early access requested',
  request_refused: /*i18n*/ 'Early request refused',
  request_cancelled: /*i18n*/ 'Early request cancelled',
  release_scheduled: /*i18n*/ 'Release scheduled',
  released: /*i18n*/ 'Legacy released',
  release_notice: /*i18n*/ 'Next of kin told of the release',
  activity: /*i18n*/ 'You confirmed you are still here',
  transfer_offered: /*i18n*/ 'Transfer offered',
  transfer_accepted: /*i18n*/ 'Transfer accepted',
};

export const legacyStepLabel = (kind: string) => labelOf(LEGACY_STEP_LABELS, kind);
