// The date the legal texts were last revised (shown on each legal page).
export const LEGAL_UPDATED = '22 November 2026';
