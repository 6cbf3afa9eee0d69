// /auth, /login, /signup, /business-auth, /influencer-signup: one sign-in / sign-up screen.
// The path picks the variant; the business variant records the wish to become a business user
// (business_intent) for an admin to review. After sign-in the user returns to the page they asked for.
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { appConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import {
  emailCallbackUrl,
  rememberReferralCode,
  rememberReturnTo,
  safeReturnPath,
  storedReferralCode,
  storedSignupFrom,
} from '@/lib/signup-context';
import { cancelMfa, verifyMfaCode } from '../api/verify-mfa';
import { signIn } from '../api/sign-in';
import { DuplicateAccountError, signUp, type SignupSource } from '../api/sign-up';
import { AuthCard } from '../components/auth-card';
import { MfaForm } from '../components/mfa-form';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { DUPLICATE_ACCOUNT_MESSAGE, friendlyAuthError } from '../lib/error-messages';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

type Mode = 'signin' | 'signup';

interface Variant {
  source: SignupSource;
  initialMode: Mode;
  /** Heading and subtitle of the sign-up form; the sign-in form always says 'Welcome back'. */
  title: string;
  subtitle: string;
}

const SIGN_IN_HEADING = { title: /*i18n*/ 'Welcome back', subtitle: '' };

/** The heading follows the form on show, so switching tabs never leaves the other form's heading. */
export function headingFor(variant: Variant, mode: Mode): { title: string; subtitle: string } {
  return mode === 'signin'
    ? { title: i18n._(SIGN_IN_HEADING.title), subtitle: '' }
    : { title: variant.title, subtitle: variant.subtitle };
}

export function variantFor(pathname: string): Variant {
  switch (pathname) {
    case paths.businessAuth:
      return {
        source: 'business',
        initialMode: 'signup',
        title: i18n._('Business account'),
        subtitle: i18n._(
          'Create your account and we will review your request for business features (inventory tagging, team dashboard). You can use all personal features right away.',
        ),
      };
    case paths.influencerSignup:
      return {
        source: 'influencer',
        initialMode: 'signup',
        title: i18n._('Join as an influencer'),
        subtitle: i18n._('Create your account to get your referral link and earn TMT when the people you invite join.'),
      };
    case paths.signup:
      return { source: 'standard', initialMode: 'signup', title: i18n._('Create your account'), subtitle: '' };
    default:
      return { source: 'standard', initialMode: 'signin', title: i18n._('Create your account'), subtitle: '' };
  }
}

/**
 * The page asked for before signing in: `?next=` (links that send a signed-out visitor here, such as
 * an invitation) or the route guard's state; null when there is none.
 */
export function requestedPath(next: string | null, state: unknown): string | null {
  const fromQuery = safeReturnPath(next);
  if (fromQuery) return fromQuery;
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (!from?.pathname) return null;
  return safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
}

export default function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const auth = useAuth();
  const variant = variantFor(location.pathname);
  const [mode, setMode] = useState<Mode>(variant.initialMode);
  const [error, setError] = useState<string | null>(null);
  const [needsConfirmation, setNeedsConfirmation] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => setMode(variant.initialMode), [variant.initialMode]);
  const refFromUrl = params.get('ref');
  useEffect(() => {
    if (refFromUrl) rememberReferralCode(refFromUrl);
  }, [refFromUrl]);

  const next = requestedPath(params.get('next'), location.state);
  if (auth.initialized && auth.user) return <Navigate to={next ?? paths.dashboard} replace />;

  const referralCode = refFromUrl || storedReferralCode();
  const from =
    params.get('from') || storedSignupFrom() || (variant.source !== 'standard' ? location.pathname.slice(1) : null);

  async function handleSignIn(values: { email: string; password: string }) {
    setError(null);
    setNeedsConfirmation(null);
    try {
      const { mfaRequired } = await signIn(values);
      // The auth provider picks up the session; this screen then redirects (see the check above).
      setSignedIn(!mfaRequired);
    } catch (err) {
      if ((err as { code?: string }).code === 'email_not_confirmed') setNeedsConfirmation(values.email);
      setError(friendlyAuthError(err));
    }
  }

  async function handleSignUp(values: { fullName: string; email: string; password: string }) {
    setError(null);
    try {
      const result = await signUp({
        ...values,
        source: variant.source,
        referralCode,
        // The page asked for comes back after the e-mail is confirmed, even in another tab.
        emailRedirectTo: emailCallbackUrl(window.location.origin, referralCode, from, next),
      });
      rememberReturnTo(next);
      if (result.signedIn) {
        // sonner is imported on demand so its chunk stays off this route's first render (bench/RESULTS.md).
        void import('sonner').then(({ toast }) => toast.success(i18n._('Account created!')));
        return;
      }
      const qs = new URLSearchParams({ email: values.email });
      navigate(paths.checkEmailWith(qs), { state: { email: values.email } });
    } catch (err) {
      setError(err instanceof DuplicateAccountError ? i18n._(DUPLICATE_ACCOUNT_MESSAGE) : friendlyAuthError(err));
    }
  }

  async function handleMfa(values: { code: string }) {
    setError(null);
    try {
      await verifyMfaCode(values.code);
    } catch (err) {
      setError(friendlyAuthError(err));
    }
  }

  const title = auth.mfaPending
    ? i18n._('Two-factor verification')
    : mode === 'signin'
      ? i18n._('Sign In')
      : i18n._('Sign Up');
  const heading = headingFor(variant, mode);

  return (
    <>
      <PageMeta
        title={title}
        description={i18n._('Sign in to {appName} or create an account to tag, register and verify your assets.', {
          appName: appConfig.appName,
        })}
      />
      <AuthCard
        title={auth.mfaPending ? title : heading.title}
        subtitle={auth.mfaPending ? undefined : heading.subtitle || undefined}
      >
        {auth.mfaPending ? (
          <MfaForm
            onSubmit={handleMfa}
            error={error}
            onCancel={() => {
              setError(null);
              void cancelMfa();
            }}
          />
        ) : (
          <>
            <div
              role="tablist"
              aria-label={i18n._('Sign in or sign up')}
              className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1"
            >
              {(['signin', 'signup'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  role="tab"
                  id={`tab-${m}`}
                  aria-selected={mode === m}
                  aria-controls={`panel-${m}`}
                  onClick={() => {
                    setMode(m);
                    setError(null);
                  }}
                  className={cn(
                    'rounded-md py-2 text-sm font-medium',
                    mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  {m === 'signin' ? i18n._('Sign In') : i18n._('Sign Up')}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`panel-${mode}`} aria-labelledby={`tab-${mode}`}>
              {mode === 'signin' ? (
                <SignInForm onSubmit={handleSignIn} error={error} busy={signedIn} />
              ) : (
                <SignUpForm
                  onSubmit={handleSignUp}
                  error={error}
                  submitLabel={
                    variant.source === 'business' ? i18n._('Create Business Account') : i18n._('Create Account')
                  }
                />
              )}
            </div>
            {needsConfirmation && (
              <p className="mt-4 text-sm text-slate-600">
                {i18n._("Didn't get the e-mail?")}{' '}
                <Link to={paths.checkEmailWith({ email: needsConfirmation })} className="text-blue-700 hover:underline">
                  {i18n._('Resend the confirmation link')}
                </Link>
              </p>
            )}
            {/* Not in the prerendered page, which knows no code: shown while hydrating, it would be a
                mismatch, and React would render the form afresh, dropping what was typed (issue 29). */}
            {hydrated && referralCode && mode === 'signup' && (
              <p className="mt-4 text-xs text-slate-500">
                {i18n._('Referral code')} {referralCode} {i18n._('will be applied when you confirm your e-mail.')}
              </p>
            )}
          </>
        )}
      </AuthCard>
    </>
  );
}
