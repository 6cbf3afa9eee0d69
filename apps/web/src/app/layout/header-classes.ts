// The signed-in header's shared looks: its links, and the panel and items of its two dropdown menus
// (the admin group of desktop-nav.tsx and profile-menu.tsx).
import { cn } from '@/lib/cn';

/** A header link, highlighted on its own page; shared by the desktop row and the phone menu. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap',
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
  );

export const menuPanelClass = 'z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg';

/** A menu entry, lit while the keyboard or pointer is on it. */
export const menuItemClass =
  'block rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';
