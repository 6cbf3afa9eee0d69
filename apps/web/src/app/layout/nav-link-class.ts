import { cn } from '@/lib/cn';

/** A header link, highlighted on its own page; shared by the desktop row and the phone menu. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap',
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
  );
