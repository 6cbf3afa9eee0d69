// The signed-in header's desktop row (from 1280 px): the SPEC §2 links in table order, with the admin
// pages folded into one "Admin" dropdown.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';
import { adminGroupPaths, type NavItem } from './nav-items';
import { menuItemClass, menuPanelClass, navLinkClass } from './header-classes';

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
      <DropdownMenu.Content align="start" sideOffset={6} className={menuPanelClass}>
        {items.map((item) => (
          <DropdownMenu.Item key={item.to} asChild>
            {/* A string className: Radix's Slot cannot merge NavLink's className function. */}
            <NavLink
              to={item.to}
              className={cn(
                menuItemClass,
                'whitespace-nowrap aria-[current=page]:font-semibold aria-[current=page]:text-blue-800',
              )}
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
      <NavLink key={item.to} to={item.to} className={navLinkClass}>
        {item.label}
      </NavLink>,
    );
  }
  return <>{out}</>;
}

export function DesktopNav({ items }: { items: NavItem[] }) {
  return (
    <nav aria-label={i18n._('Main')} className="hidden flex-1 flex-nowrap items-center justify-center gap-0.5 xl:flex">
      <DesktopNavItems items={items} />
    </nav>
  );
}
