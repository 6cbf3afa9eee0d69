// Signed-in header: the SPEC §2 links, the balance as "N TMT", the profile menu and a phone menu.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Menu, UserCircle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useWallet } from '@/features/wallet/api/get-wallet';
import { useAuth, type UserProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { QueryBoundary } from '@/lib/query-boundary';
import { navItemsFor, profileMenuItemsFor } from './nav-items';

export function formatBalance(balance: number | undefined): string {
  return `${(balance ?? 0).toLocaleString('en-US')} TMT`;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap',
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
  );

export interface SignedInHeaderViewProps {
  profile: UserProfile | null;
  email: string | null | undefined;
  balance: number | undefined;
  onSignOut(): void;
}

/** Presentational: everything comes in through props (tested per role). */
export function SignedInHeaderView({ profile, email, balance, onSignOut }: SignedInHeaderViewProps) {
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
  const name = profile?.full_name || email || 'Account';

  return (
    <div className="flex flex-1 items-center justify-end gap-2">
      <nav aria-label="Main" className="hidden flex-1 flex-wrap items-center justify-center gap-0.5 xl:flex">
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} className={linkClass}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <Link
        to="/wallet"
        className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 hover:bg-amber-200"
        aria-label={`Wallet balance: ${formatBalance(balance)}`}
        data-testid="header-balance"
      >
        {formatBalance(balance)}
      </Link>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="flex items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100"
          aria-label="Profile menu"
        >
          <UserCircle className="h-6 w-6" aria-hidden="true" />
          <span className="hidden max-w-32 truncate sm:inline">{name}</span>
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
            <DropdownMenu.Item
              onSelect={onSignOut}
              className="cursor-pointer rounded px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
            >
              Sign Out
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
        aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setMobileOpen((o) => !o)}
      >
        {mobileOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
      </button>
      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 shadow-md xl:hidden"
        >
          <ul className="grid gap-1 pt-2 sm:grid-cols-2">
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
  return (
    <SignedInHeaderView
      profile={profile}
      email={user?.email ?? profile?.email}
      balance={wallet.data?.balance}
      onSignOut={() => void signOut()}
    />
  );
}
