// The profile menu of the signed-in header: the account's pages, the interface language and sign-out.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, UserCircle } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locales';
import { useI18n } from '@/lib/i18n/use-i18n';
import type { NavItem } from './nav-items';
import { menuItemClass, menuPanelClass } from './header-classes';

interface ProfileMenuProps {
  /** Shown beside the icon where the header has room. */
  name: string;
  email: string | null | undefined;
  items: NavItem[];
  onChooseLocale?(locale: Locale): void;
  onSignOut(): void;
}

export function ProfileMenu({ name, email, items, onChooseLocale, onSignOut }: ProfileMenuProps) {
  const { locale } = useI18n();
  return (
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
        <DropdownMenu.Content align="end" sideOffset={6} className={menuPanelClass}>
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500">{email}</DropdownMenu.Label>
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link to={item.to} className={menuItemClass}>
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
                className={cn(menuItemClass, 'cursor-pointer data-[state=checked]:font-semibold')}
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
  );
}
