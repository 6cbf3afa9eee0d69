// Signed-in header: the SPEC §2 links (desktop-nav.tsx, mobile-menu.tsx), the balance as "N TMT" and the
// profile menu (profile-menu.tsx).
import { useEffect } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { adoptAccountLocale, chooseLocale } from '@/features/account/api/language';
import { useNamedMe } from '@/features/inheritance/api/legacy';
import { useAuth } from '@/lib/auth';
import { type UserProfile } from '@/lib/profile';
import { displayName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import { QueryBoundary } from '@/lib/query-boundary';
import { useWallet } from '@/lib/wallet';
import { paths } from '@/config/paths';
import { formatTmt } from '@/utils/format';
import { DesktopNav } from './desktop-nav';
import { MobileMenu } from './mobile-menu';
import { navItemsFor, profileMenuItemsFor } from './nav-items';
import { ProfileMenu } from './profile-menu';

export function formatBalance(balance: number | undefined): string {
  return formatTmt(balance ?? 0);
}

export interface SignedInHeaderViewProps {
  profile: UserProfile | null;
  /** Switches the interface language (and stores it for the account). */
  onChooseLocale?(locale: Locale): void;
  email: string | null | undefined;
  balance: number | undefined;
  /** Someone named this user as their next of kin: /legacy is linked. */
  legacy?: boolean;
  /** TMT owed after a refund or dispute took back tokens already spent (shown beside the balance). */
  debt?: number | undefined;
  onSignOut(): void;
}

/** Presentational: everything comes in through props (tested per role). */
export function SignedInHeaderView({
  profile,
  email,
  balance,
  legacy = false,
  debt = 0,
  onSignOut,
  onChooseLocale,
}: SignedInHeaderViewProps) {
  const items = navItemsFor(profile, { legacy });
  const owed = debt > 0 ? formatTmt(debt) : null;
  return (
    <div className="flex flex-1 items-center justify-end gap-2">
      <DesktopNav items={items} />
      <Link
        to={paths.wallet}
        // From a tablet up, at least as wide as a four-digit balance, figures of one width, set from its left
        // edge: the header does not move when the balance comes in place of the first guess (CLS, issue 29).
        // A phone's header has no room to spare (360 px): there the pill grows with the balance.
        className={`shrink-0 rounded-full sm:min-w-[6.5rem] py-1 text-sm font-semibold whitespace-nowrap tabular-nums ${
          owed
            ? 'bg-red-100 px-2 text-red-900 hover:bg-red-200 sm:px-3'
            : 'bg-amber-100 px-3 text-amber-900 hover:bg-amber-200'
        }`}
        aria-label={
          owed
            ? i18n._('Wallet balance: {formatBalance}. You owe {owed}; your next purchase pays it first.', {
                formatBalance: formatBalance(balance),
                owed,
              })
            : i18n._('Wallet balance: {formatBalance}', { formatBalance: formatBalance(balance) })
        }
        title={owed ? i18n._('You owe {owed}; your next purchase pays it first.', { owed }) : undefined}
        data-testid="header-balance"
      >
        {formatBalance(balance)}
        {owed && (
          <>
            {/* A phone has no room for the words: the sign, and the wallet it links to, say it. */}
            <AlertTriangle
              className="ml-1 inline h-3.5 w-3.5 align-[-2px] sm:hidden"
              aria-hidden="true"
              data-testid="header-debt-sign"
            />
            <span className="hidden font-normal sm:inline" data-testid="header-debt">
              {' · '}
              {i18n._('{owed} owed', { owed })}
            </span>
          </>
        )}
      </Link>
      <ProfileMenu
        name={displayName(profile, email || 'Account')}
        email={email}
        items={profileMenuItemsFor(profile, { legacy })}
        onChooseLocale={onChooseLocale}
        onSignOut={onSignOut}
      />
      <MobileMenu items={items} />
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
  const named = useNamedMe();
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
      legacy={(named.data?.length ?? 0) > 0}
      debt={wallet.data?.debt}
      onSignOut={() => void signOut()}
      onChooseLocale={(locale) =>
        void chooseLocale(locale, userId).catch(() =>
          toast.error(i18n._('Your language could not be saved. Please try again.')),
        )
      }
    />
  );
}
