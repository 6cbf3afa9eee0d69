// /auth/callback (SPEC §4, §8): verify the e-mail link, apply the referral, then continue.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { applyReferralOnSignup } from '../api/apply-referral';
import { verifyEmailLink } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';
import { safeReturnPath } from '@/lib/signup-context';

export const CALLBACK_TEXTS = {
  verifying: /*i18n*/ 'Verifying your email...',
  processingReferral: /*i18n*/ 'Email verified! Processing your referral...',
  assigningDefault: /*i18n*/ 'Email verified! Assigning to default referrer...',
  referralApplied: /*i18n*/ 'Email verified and referral applied! Redirecting...',
  assignedToSystem: /*i18n*/ 'Email verified and assigned to referral system! Redirecting...',
  referralFailed: /*i18n*/ 'Email verified! Redirecting to your dashboard...',
  sessionError: /*i18n*/ 'Email verification failed. Please try again.',
  noUser: /*i18n*/ 'No user session found. Redirecting...',
  unexpected: /*i18n*/ 'Something went wrong. Redirecting...',
} as const;

export const SUCCESS_DELAY_MS = 2000;
export const ERROR_DELAY_MS = 3000;

/**
 * Where a verified user goes: the page they were on before signing up (`next`, e.g. the invitation
 * they opened), else /tag when they came from a tagging landing, else /dashboard.
 */
export function destinationAfterVerification(from: string | null, next: string | null = null): string {
  return safeReturnPath(next) ?? (from?.includes('tagging') ? paths.tag : paths.dashboard);
}

export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState<string>(CALLBACK_TEXTS.verifying);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Links and PKCE codes are single-use: run exactly once, even under StrictMode.
    if (started.current) return;
    started.current = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (ms: number, to: string) => timers.push(setTimeout(() => navigate(to, { replace: true }), ms));
    const ref = params.get('ref');
    const from = params.get('from');
    const next = params.get('next');

    (async () => {
      try {
        const outcome = await verifyEmailLink(params);
        if (outcome.kind === 'session-error') {
          console.warn('Email verification failed:', outcome.message);
          setFailed(true);
          setStatus(CALLBACK_TEXTS.sessionError);
          later(ERROR_DELAY_MS, paths.auth);
          return;
        }
        if (outcome.kind === 'no-user') {
          setFailed(true);
          setStatus(CALLBACK_TEXTS.noUser);
          later(SUCCESS_DELAY_MS, paths.auth);
          return;
        }
        setStatus(ref ? CALLBACK_TEXTS.processingReferral : CALLBACK_TEXTS.assigningDefault);
        try {
          const result = await applyReferralOnSignup(outcome.user.id, ref, from);
          setStatus(
            ref && result.success && !result.default_referrer_used
              ? CALLBACK_TEXTS.referralApplied
              : CALLBACK_TEXTS.assignedToSystem,
          );
        } catch (err) {
          // A failing referral never blocks the user (SPEC §8).
          console.error('apply_referral_on_signup failed:', err);
          setStatus(CALLBACK_TEXTS.referralFailed);
        }
        later(SUCCESS_DELAY_MS, destinationAfterVerification(from, next));
      } catch (err) {
        console.error('Email verification crashed:', err);
        setFailed(true);
        setStatus(CALLBACK_TEXTS.unexpected);
        later(ERROR_DELAY_MS, paths.auth);
      }
    })();
    // Timers keep running on purpose if StrictMode re-mounts: the redirect must still happen.
  }, [params, navigate]);

  return (
    <>
      <PageMeta title={i18n._('Email Verification')} description={i18n._('Confirming your e-mail address.')} />
      <AuthCard title={i18n._('Email Verification')}>
        <div className="flex items-center gap-3" aria-live="polite">
          {!failed && <Spinner />}
          <p role="status" className={failed ? 'text-sm text-red-600' : 'text-sm text-slate-700'}>
            {i18n._(status)}
          </p>
        </div>
      </AuthCard>
    </>
  );
}
