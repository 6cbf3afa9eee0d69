// Signed-in header: the SPEC §2 links, the balance as "N TMT", the profile menu and a phone menu.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Menu, UserCircle, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useWallet } from '@/lib/wallet';
import { useAuth, type UserProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { QueryBoundary } from '@/lib/query-boundary';
import { adminGroupPaths, navItemsFor, profileMenuItemsFor, type NavItem } from './nav-items';
import { displayName } from '@/lib/display-name';
import { toast } from 'sonner';
import { adoptAccountLocale, chooseLocale } from '@/features/account/api/language';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locales';
import { useI18n } from '@/lib/i18n/use-i18n';
import { i18n } from '@/lib/i18n/i18n';
import { formatTmt } from '@/utils/format';
import { paths } from '@/config/paths';

export function formatBalance(balance: number | undefined): string {
  return formatTmt(balance ?? 0);
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap',
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
  );

/**
 * Desktop row: the admin pages (Admin Dashboard, Bug Reports, News Management) sit in one "Admin" dropdown at the
 * place the table lists them, so an admin's header stays one row at 1280 px. Not portalled and not modal: the
 * items stay inside the Main navigation in table order, and the rest of the page stays reachable.
 */
function AdminGroup({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  const active = items.some((i) => pathname === i.to || pathname.startsWith(`${i.to}/`));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          'flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap outline-none',
          'focus-visible:ring-2 focus-visible:ring-blue-500 data-[state=open]:bg-slate-100',
          active ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
        )}
      >
        {i18n._('Admin')}
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="start"
        sideOffset={6}
        className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {items.map((item) => (
          <DropdownMenu.Item key={item.to} asChild>
            {/* A string className: Radix's Slot cannot merge NavLink's className function. */}
            <NavLink
              to={item.to}
              className="block rounded px-3 py-2 text-sm whitespace-nowrap text-slate-800 outline-none data-[highlighted]:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800"
            >
              {item.label}
            </NavLink>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** The desktop row in table order, with the admin pages folded into one dropdown where the first of them stands. */
function DesktopNavItems({ items }: { items: NavItem[] }) {
  const grouped = items.filter((i) => adminGroupPaths.has(i.to));
  const out: ReactNode[] = [];
  for (const item of items) {
    if (adminGroupPaths.has(item.to)) {
      if (item === grouped[0]) out.push(<AdminGroup key="admin-group" items={grouped} />);
      continue;
    }
    out.push(
      <NavLink key={item.to} to={item.to} className={linkClass}>
        {item.label}
      </NavLink>,
    );
  }
  return <>{out}</>;
}

export interface SignedInHeaderViewProps {
  profile: UserProfile | null;
  /** Switches the interface language (and stores it for the account). */
  onChooseLocale?(locale: Locale): void;
  email: string | null | undefined;
  balance: number | undefined;
  onSignOut(): void;
}

/** Presentational: everything comes in through props (tested per role). */
export function SignedInHeaderView({ profile, email, balance, onSignOut, onChooseLocale }: SignedInHeaderViewProps) {
  const { locale } = useI18n();
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setMobileOpen(false), [pathname]);
  useEffect(() => {
    if (!mobileOpen) return;
    // Escape closes the phone menu and puts focus back on its button.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMobileOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);
  const items = navItemsFor(profile);
  const menuItems = profileMenuItemsFor(profile);
  const name = displayName(profile, email || 'Account');

  return (
    <div className="flex flex-1 items-center justify-end gap-2">
      <nav
        aria-label={i18n._('Main')}
        className="hidden flex-1 flex-nowrap items-center justify-center gap-0.5 xl:flex"
      >
        <DesktopNavItems items={items} />
      </nav>
      <Link
        to={paths.wallet}
        className="shrink-0 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold whitespace-nowrap text-amber-900 hover:bg-amber-200"
        aria-label={i18n._('Wallet balance: {formatBalance}', { formatBalance: formatBalance(balance) })}
        data-testid="header-balance"
      >
        {formatBalance(balance)}
      </Link>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="flex items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100"
          aria-label={i18n._('Profile menu')}
        >
          <UserCircle className="h-6 w-6" aria-hidden="true" />
          <span className="hidden max-w-32 truncate sm:inline xl:hidden 2xl:inline">{name}</span>
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500">{email}</DropdownMenu.Label>
            {menuItems.map((item) => (
              <DropdownMenu.Item key={item.to} asChild>
                <Link
                  to={item.to}
                  className="block rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
                >
                  {item.label}
                </Link>
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Label className="px-3 pt-1 text-xs text-slate-500">{i18n._('Language')}</DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={locale}
              onValueChange={(value) => {
                if (isLocale(value)) onChooseLocale?.(value);
              }}
            >
              {LOCALES.map((l) => (
                <DropdownMenu.RadioItem
                  key={l}
                  value={l}
                  lang={l}
                  className="cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold"
                >
                  {LOCALE_NAMES[l]}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              onSelect={onSignOut}
              className="cursor-pointer rounded px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
            >
              {i18n._('Sign Out')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <button
        ref={menuButton}
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 xl:hidden"
        aria-expanded={mobileOpen}
        aria-controls="mobile-menu"
        aria-label={mobileOpen ? i18n._('Close menu') : i18n._('Open menu')}
        onClick={() => setMobileOpen((o) => !o)}
      >
        {mobileOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
      </button>
      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label={i18n._('Mobile')}
          className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 shadow-md xl:hidden"
        >
          <ul className="grid grid-cols-1 gap-1 pt-2 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={(s) => cn(linkClass(s), 'block')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

export default function SignedInNav() {
  return (
    <QueryBoundary>
      <SignedInNavContent />
    </QueryBoundary>
  );
}

function SignedInNavContent() {
  const { user, profile, signOut } = useAuth();
  const wallet = useWallet();
  const userId = user?.id ?? null;
  useEffect(() => {
    // At sign-in the account's stored language wins over this browser's.
    if (userId) adoptAccountLocale(userId).catch(() => undefined);
  }, [userId]);
  return (
    <SignedInHeaderView
      profile={profile}
      email={user?.email ?? profile?.email}
      balance={wallet.data?.balance}
      onSignOut={() => void signOut()}
      onChooseLocale={(locale) =>
        void chooseLocale(locale, userId).catch(() =>
          toast.error(i18n._('Your language could not be saved. Please try again.')),
        )
      }
    />
  );
}
