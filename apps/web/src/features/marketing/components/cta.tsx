// Calls to action shared by the landings. Sign-up links carry `from` (the landing's slug) so the
// e-mail confirmation callback sends the new user straight to /tag, and keep a referral code that
// arrived in ?ref so the right person is credited.
import { paths } from '@/config/paths';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';
import { signUpHref } from '@/lib/signup-context';
import { i18n } from '@/lib/i18n/i18n';

/**
 * "Tag an asset": /tag is protected (SPEC §2), so signed-out visitors go to the public capture
 * entry /start-tagging (issue 6), which keeps their capture through sign-up; `from` and `ref` ride
 * along to its sign-up link. Signed-in users go straight to /tag.
 */
export function tagHref(signedIn: boolean, from: string | undefined, ref: string | null): string {
  if (signedIn) return paths.tag;
  const qs = new URLSearchParams();
  if (from) qs.set('from', from);
  if (ref) qs.set('ref', ref);
  const query = qs.toString();
  return query ? `${paths.startTagging}?${query}` : paths.startTagging;
}

const primary =
  'inline-flex items-center justify-center rounded-md bg-blue-600 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const secondary =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export function CtaButtons(props: { from?: string; tagLabel?: string; signUpLabel?: string }) {
  const [params] = useSearchParams();
  // The prerendered page had no ?ref. React keeps the server's href of a link it hydrates, so the
  // code joins the links in the render after hydration, which React does write to the page.
  const ref = useHydrated() ? params.get('ref') : null;
  const { user } = useAuth();
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={tagHref(Boolean(user), props.from, ref)} className={primary}>
        {props.tagLabel ?? i18n._('Tag an asset')}
      </Link>
      <Link to={signUpHref(props.from, ref)} className={secondary}>
        {props.signUpLabel ?? i18n._('Create a free account')}
      </Link>
    </div>
  );
}

export const buttonClasses = { primary, secondary };
