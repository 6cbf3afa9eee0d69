// Calls to action shared by the landings. Sign-up links carry `from` (the landing's slug) so the
// e-mail confirmation callback sends the new user straight to /tag, and keep a referral code that
// arrived in ?ref so the right person is credited.
import { Link, useSearchParams } from 'react-router';

export function signUpHref(from: string | undefined, ref: string | null): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (ref) params.set('ref', ref);
  const qs = params.toString();
  return qs ? `/auth?${qs}` : '/auth';
}

const primary =
  'inline-flex items-center justify-center rounded-md bg-blue-600 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const secondary =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export function CtaButtons(props: { from?: string; tagLabel?: string; signUpLabel?: string }) {
  const [params] = useSearchParams();
  const ref = params.get('ref');
  return (
    <div className="flex flex-wrap gap-3">
      <Link to="/tag" className={primary}>
        {props.tagLabel ?? 'Tag an asset'}
      </Link>
      <Link to={signUpHref(props.from, ref)} className={secondary}>
        {props.signUpLabel ?? 'Create a free account'}
      </Link>
    </div>
  );
}

export const buttonClasses = { primary, secondary };
