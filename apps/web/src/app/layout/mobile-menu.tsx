// The signed-in header's phone menu (below 1280 px): a button that opens the SPEC §2 links as a list.
// It closes on navigation and on Escape, which also puts focus back on the button.
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';
import type { NavItem } from './nav-items';
import { navLinkClass } from './header-classes';

export function MobileMenu({ items }: { items: NavItem[] }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setMobileOpen(false), [pathname]);
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMobileOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);
  return (
    <>
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
                <NavLink to={item.to} className={(s) => cn(navLinkClass(s), 'block')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}
