// The single, factual inventory of what the product stores about a person, where, and for how
// long. The privacy policy, GDPR page and data processing agreement all render from here so they
// can never disagree with each other. The texts are message ids, translated where they are shown.

export interface DataItem {
  what: string;
  detail: string;
  retention: string;
}

export const dataInventory: DataItem[] = [
  {
    what: /*i18n*/ 'Account',
    detail:
      /*i18n*/ 'E-mail address, a password hash (argon2id; we never store the password itself), the time you signed up, confirmed your e-mail and last signed in, and the sign-up source (standard, influencer or business).',
    retention: /*i18n*/ 'Until you delete your account.',
  },
  {
    what: /*i18n*/ 'Profile',
    detail:
      /*i18n*/ 'Full name, avatar image, and the optional phone, country and short bio you choose to enter; your role (standard, moderator, admin) and whether you are a business user.',
    retention: /*i18n*/ 'Until you change it or delete your account. A removed avatar is deleted from storage at once.',
  },
  {
    what: /*i18n*/ 'Settings',
    detail: /*i18n*/ 'Notification choices, language, time zone, and your cookie and analytics choices.',
    retention: /*i18n*/ 'Until you delete your account.',
  },
  {
    what: /*i18n*/ 'Wallet and ledger',
    detail:
      /*i18n*/ 'Your TMT balance and every token movement (amount, type, source, description, time, and the id of the admin who made an adjustment).',
    retention: /*i18n*/ 'Until you delete your account.',
  },
  {
    what: /*i18n*/ 'Referrals',
    detail:
      /*i18n*/ 'Your referral code, who referred you, and the referral rewards paid to you. Other users see only your display name, never your e-mail.',
    retention:
      /*i18n*/ 'Until you delete your account. People you referred keep their accounts; they simply lose the link to you.',
  },
  {
    what: /*i18n*/ 'Assets',
    detail:
      /*i18n*/ 'The title, description, category, privacy setting and details you enter for each tagged asset, the photos, videos or documents you upload, and the SHA-256 fingerprint of each file.',
    retention:
      /*i18n*/ 'Until you delete the asset or your account; the files are deleted from storage with it. The ledger keeps only hash entries (no content) so its chain stays verifiable; when you delete your account they no longer name it.',
  },
  {
    what: /*i18n*/ 'Next of kin',
    detail: /*i18n*/ 'Names, relationship, e-mail, phone and notes for the people you name as next of kin.',
    retention: /*i18n*/ 'Until you remove them or delete your account.',
  },
  {
    what: /*i18n*/ 'Bug reports',
    detail:
      /*i18n*/ "The description you type, a screenshot of the page you were on, the last console messages of that page, the page address, your browser's user agent and window size.",
    retention: /*i18n*/ 'Until an administrator deletes the report, or until you delete your account.',
  },
  {
    what: /*i18n*/ 'Purchases',
    detail:
      /*i18n*/ 'Each token purchase: the package, amount and currency, its state, and the Stripe references of the payment, refunds and disputes. Card details go to Stripe only.',
    retention: /*i18n*/ 'Until you delete your account. Stripe keeps its own payment records.',
  },
  {
    what: /*i18n*/ 'Moderation and administration',
    detail:
      /*i18n*/ 'Reports you make, and the decisions moderators and administrators take about your content or account, with their reasons.',
    retention:
      /*i18n*/ 'Kept as the record of those decisions. When you delete your account, reports and decisions stay without your account.',
  },
  {
    what: /*i18n*/ 'Sign-in sessions',
    detail:
      /*i18n*/ 'For each signed-in device: when the session started and was last refreshed, the IP address and the browser user agent. Used to show you your active sessions and to protect your account.',
    retention: /*i18n*/ 'Until you sign out of that session or it expires; all of them when you delete your account.',
  },
  {
    what: /*i18n*/ 'Security counters',
    detail:
      /*i18n*/ 'Short-lived counters of requests per IP address or account, used to slow down password guessing and mail abuse.',
    retention: /*i18n*/ 'Minutes to one hour, then discarded.',
  },
];

/** What the product deliberately does not do, stated once. */
export const thingsWeDoNot: string[] = [
  /*i18n*/ 'No third-party analytics, advertising or tracking scripts.',
  /*i18n*/ "No third-party fonts or content delivery networks: every file the app needs comes from the operator's own server.",
  /*i18n*/ 'QR codes are generated in your browser or on the server, never by an outside service.',
  /*i18n*/ 'No sale or sharing of personal data with anyone.',
  /*i18n*/ 'No public blockchain: nothing you tag is written anywhere the operator cannot delete it.',
];
