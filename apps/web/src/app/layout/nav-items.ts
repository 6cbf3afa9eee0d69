// Who sees which header link (SPEC §2 table). Pure, so the table is tested directly.
import type { UserProfile } from '@/lib/profile';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  label: string;
}

/** What the header knows besides the profile. */
export interface NavContext {
  /** Someone named this user as their next of kin (accepted): /legacy is linked, in the row and the profile menu. */
  legacy?: boolean;
}

/**
 * Admin-influencer equals admin (SPEC §6), so "Admin — admin who is not admin-influencer" never applies:
 * admins reach /admin through the profile menu's Admin Panel (docs/decisions/0008-web-header-admin-link.md).
 */
export function navItemsFor(profile: UserProfile | null, context: NavContext = {}): NavItem[] {
  const role = profile?.role ?? 'standard';
  const isAdmin = role === 'admin';
  const isAdminInfluencer = isAdmin;
  const items: NavItem[] = [
    { to: paths.dashboard, label: i18n._('Dashboard') },
    { to: paths.tag, label: i18n._('Tag Asset') },
    { to: paths.assets, label: i18n._('My Assets') },
    { to: paths.news, label: i18n._('News') },
    { to: paths.wallet, label: i18n._('Wallet') },
    { to: paths.nok, label: i18n._('NOK') },
  ];
  if (context.legacy) items.push({ to: paths.legacy, label: i18n._('Legacy') });
  if (profile) items.push({ to: paths.referrals, label: i18n._('Referrals') });
  if (profile?.is_business_user) items.push({ to: paths.businessDashboard, label: i18n._('Business') });
  if (isAdmin || isAdminInfluencer) {
    items.push(
      { to: paths.adminDashboard, label: i18n._('Admin Dashboard') },
      { to: paths.bugReports, label: i18n._('Bug Reports') },
      { to: paths.newsManagement, label: i18n._('News Management') },
    );
  }
  if (isAdmin && !isAdminInfluencer) items.push({ to: paths.admin, label: i18n._('Admin') });
  if (role === 'moderator') items.push({ to: paths.moderator, label: i18n._('Moderator') });
  items.push({ to: paths.publicAssets, label: i18n._('Public Assets') });
  return items;
}

/** Admin pages the desktop header folds into one "Admin" dropdown (same items, labels and paths as the table). */
export const adminGroupPaths: ReadonlySet<string> = new Set([
  paths.adminDashboard,
  paths.bugReports,
  paths.newsManagement,
]);

/**
 * Profile menu: Profile, Settings, Legacy for a named next of kin, then Admin Panel or Moderator Panel by role
 * (Sign Out is added by the menu).
 */
export function profileMenuItemsFor(profile: UserProfile | null, context: NavContext = {}): NavItem[] {
  const items: NavItem[] = [
    { to: paths.profile, label: i18n._('Profile') },
    { to: paths.settings, label: i18n._('Settings') },
  ];
  if (context.legacy) items.push({ to: paths.legacy, label: i18n._('Legacy') });
  if (profile?.role === 'admin') items.push({ to: paths.admin, label: i18n._('Admin Panel') });
  else if (profile?.role === 'moderator') items.push({ to: paths.moderator, label: i18n._('Moderator Panel') });
  return items;
}

export const signedOutNavItems: NavItem[] = [
  { to: paths.tag, label: /*i18n*/ 'Tag Asset' },
  { to: paths.auth, label: /*i18n*/ 'Sign In' },
];
