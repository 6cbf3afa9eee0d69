// Who sees which header link (SPEC §2 table). Pure, so the table is tested directly.
import type { UserProfile } from '@/lib/auth';

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
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/tag', label: 'Tag Asset' },
    { to: '/assets', label: 'My Assets' },
    { to: '/news', label: 'News' },
    { to: '/wallet', label: 'Wallet' },
    { to: '/nok', label: 'NOK' },
  ];
  if (profile) items.push({ to: '/referrals', label: 'Referrals' });
  if (profile?.is_business_user) items.push({ to: '/business-dashboard', label: 'Business' });
  if (isAdmin || isAdminInfluencer) {
    items.push(
      { to: '/admin-influencer-dashboard', label: 'Admin Dashboard' },
      { to: '/bug-reports', label: 'Bug Reports' },
      { to: '/news-management', label: 'News Management' },
    );
  }
  if (isAdmin && !isAdminInfluencer) items.push({ to: '/admin', label: 'Admin' });
  if (role === 'moderator') items.push({ to: '/moderator', label: 'Moderator' });
  items.push({ to: '/public-assets', label: 'Public Assets' });
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
    { to: '/profile', label: 'Profile' },
    { to: '/settings', label: 'Settings' },
  ];
  if (profile?.role === 'admin') items.push({ to: '/admin', label: 'Admin Panel' });
  else if (profile?.role === 'moderator') items.push({ to: '/moderator', label: 'Moderator Panel' });
  return items;
}

export const signedOutNavItems: NavItem[] = [
  { to: '/tag', label: 'Tag Asset' },
  { to: '/auth', label: 'Sign In' },
];
