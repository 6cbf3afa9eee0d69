// What the next-of-kin list does today, in one place, so the dashboard and /nok never promise
// different things: it is a private list the user keeps; nothing is sent to the people on it and
// nobody inherits access through it. Change these texts together with that behaviour.
export const NOK_SHORT_DESCRIPTION = /*i18n*/ 'Note who should know about your assets';
export const NOK_PAGE_INTRO =
  /*i18n*/ 'The people who should know about your assets. Only you can see this list; we do not contact them on our own.';
