// A screen's frame: centred, at most the width the screen's content wants, with the app's padding
// (px-4 on a phone, py-8 above and below). Every signed-in screen and the pages opened from a mail
// sit in one; `className` adds to it (the lists' `space-y-6`).
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Written out so that Tailwind finds each class in the source. */
const WIDTHS = {
  xl: 'max-w-xl',
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
  '5xl': 'max-w-5xl',
  '6xl': 'max-w-6xl',
} as const;

export function Screen({
  width,
  className,
  children,
}: {
  width: keyof typeof WIDTHS;
  className?: string;
  children: ReactNode;
}) {
  return <div className={cn('mx-auto', WIDTHS[width], className, 'px-4 py-8')}>{children}</div>;
}
