// The header shell is in the initial bundle; the signed-in part (wallet balance, menus) is a lazy
// chunk, so visitors of the landing page never download supabase-js just to see "Sign In".
import { Link, NavLink } from 'react-router';
import { appConfig } from '@/lib/app-config';
import { profileKnown, useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { deferredComponent } from '@/lib/deferred-component';
import { signedOutNavItems } from './nav-items';
import { LanguageSwitcher } from '@/components/language-switcher';
import { chooseLocale } from '@/features/account/api/language';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

// Its place is kept while it loads (lib/deferred-component.tsx), and while the profile that decides its
// links is read, so nothing beside it moves.
const signedInNavPlace = <div aria-hidden="true" className="h-9 w-40" />;
const SignedInNav = deferredComponent(() => import('./signed-in-nav').then((m) => m.default), signedInNavPlace);

/**
 * `nameOnWideScreensOnly`: the signed-out header (two links and the language) does not fit 360 px in
 * French with the name beside the mark, so below 400 px the name is left to screen readers.
 */
export function Logo({
  nameOnWideScreensOnly = false,
  signedOutGuess = false,
}: {
  nameOnWideScreensOnly?: boolean;
  /** Before the auth state is known: a stored session (index.html's data-session) keeps the name. */
  signedOutGuess?: boolean;
}) {
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2 rounded font-bold text-slate-900">
      <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-md bg-blue-600 text-sm text-white">
        {appConfig.appName.slice(0, 1)}
      </span>
      <span
        className={cn(
          nameOnWideScreensOnly ? 'sr-only text-lg min-[400px]:not-sr-only' : 'text-lg',
          signedOutGuess && '[[data-session]_&]:not-sr-only',
        )}
      >
        {appConfig.appName}
      </span>
      <span className="sr-only"> {i18n._('home')}</span>
    </Link>
  );
}

/**
 * `guess`: shown before the auth state is known. The prerendered pages carry it, so a visitor sees
 * the signed-out header from the HTML (and on pages that hydrate on demand, before any JavaScript);
 * index.html hides it when a session is stored, until the signed-in header replaces it.
 */
export function SignedOutNav({ guess = false }: { guess?: boolean }) {
  return (
    <nav aria-label={i18n._('Main')} className="flex items-center gap-2" data-signed-out-guess={guess ? '' : undefined}>
      {signedOutNavItems.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={cn(
            'rounded-md px-3 py-2 text-sm font-medium',
            item.to === paths.auth ? 'bg-blue-600 text-white hover:bg-blue-700' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {i18n._(item.label)}
        </NavLink>
      ))}
      <LanguageSwitcher compact onChoose={(locale) => chooseLocale(locale, null)} />
    </nav>
  );
}

export function Header() {
  const auth = useAuth();
  const { user, initialized } = auth;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {i18n._('Skip to content')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo nameOnWideScreensOnly={!user} signedOutGuess={!initialized} />
        {!initialized ? (
          <SignedOutNav guess />
        ) : !user ? (
          <SignedOutNav />
        ) : profileKnown(auth) ? (
          <SignedInNav />
        ) : (
          signedInNavPlace
        )}
      </div>
    </header>
  );
}
