// What next of kin are, in one place, so the dashboard and /nok never promise different things: a
// list only its owner sees; we e-mail a person on it only when the owner invites them; when the
// owner's legacy is released (the inactivity switch ran out, or an early request was not refused),
// those who accepted are told and receive what was chosen for them. Change these texts together
// with that behaviour.
export const NOK_SHORT_DESCRIPTION = /*i18n*/ 'Choose who receives your assets, and when';
export const NOK_PAGE_INTRO =
  /*i18n*/ 'The people who will receive the assets you choose for them if something happens to you. Only you see this list. We e-mail someone only when you invite them; if your inactivity switch runs out, or you do not refuse an early request, we tell those who accepted and give them what you chose.';
