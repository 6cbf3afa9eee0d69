// Who sees which header link (SPEC §2 table). Pure, so the table is tested directly.
import type { UserProfile } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * Admin-influencer equals admin (SPEC §6), so "Admin — admin who is not admin-influencer" never applies:
 * admins reach /admin through the profile menu's Admin Panel (docs/decisions/0006-header-admin-link.md).
 */
export function navItemsFor(profile: UserProfile | null): NavItem[] {
  const role = profile?.role ?? 'standard';
  const isAdmin = role === 'admin';
  const isAdminInfluencer = isAdmin;
  const items: NavItem[] = [
    { to: '/dashboard', label: i18n._('Dashboard') },
    { to: '/tag', label: i18n._('Tag Asset') },
    { to: '/assets', label: i18n._('My Assets') },
    { to: '/news', label: i18n._('News') },
    { to: '/wallet', label: i18n._('Wallet') },
    { to: '/nok', label: i18n._('NOK') },
  ];
  if (profile) items.push({ to: '/referrals', label: i18n._('Referrals') });
  if (profile?.is_business_user) items.push({ to: '/business-dashboard', label: i18n._('Business') });
  if (isAdmin || isAdminInfluencer) {
    items.push(
      { to: '/admin-influencer-dashboard', label: i18n._('Admin Dashboard') },
      { to: '/bug-reports', label: i18n._('Bug Reports') },
      { to: '/news-management', label: i18n._('News Management') },
    );
  }
  if (isAdmin && !isAdminInfluencer) items.push({ to: '/admin', label: i18n._('Admin') });
  if (role === 'moderator') items.push({ to: '/moderator', label: i18n._('Moderator') });
  items.push({ to: '/public-assets', label: i18n._('Public Assets') });
  return items;
}

/** Admin pages the desktop header folds into one "Admin" dropdown (same items, labels and paths as the table). */
export const adminGroupPaths: ReadonlySet<string> = new Set([
  '/admin-influencer-dashboard',
  '/bug-reports',
  '/news-management',
]);

/** Profile menu: Profile, Settings, then Admin Panel or Moderator Panel by role (Sign Out is added by the menu). */
export function profileMenuItemsFor(profile: UserProfile | null): NavItem[] {
  const items: NavItem[] = [
    { to: '/profile', label: i18n._('Profile') },
    { to: '/settings', label: i18n._('Settings') },
  ];
  if (profile?.role === 'admin') items.push({ to: '/admin', label: i18n._('Admin Panel') });
  else if (profile?.role === 'moderator') items.push({ to: '/moderator', label: i18n._('Moderator Panel') });
  return items;
}

export const signedOutNavItems: NavItem[] = [
  { to: '/tag', label: /*i18n*/ 'Tag Asset' },
  { to: '/auth', label: /*i18n*/ 'Sign In' },
];
