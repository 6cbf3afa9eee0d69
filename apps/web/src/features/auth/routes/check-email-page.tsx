// /check-email: after sign-up, tells the user to confirm their address and lets them resend the link
// (with a cooldown, matching the server's per-user e-mail frequency limit).
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageMeta } from '@/components/page-meta';
import { emailCallbackUrl, storedReferralCode, storedReturnTo, storedSignupFrom } from '@/lib/signup-context';
import { resendConfirmation } from '../api/resend-confirmation';
import { AuthCard, FormError } from '../components/auth-card';
import { friendlyAuthError } from '../lib/error-messages';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export const RESEND_COOLDOWN_SECONDS = 60;

export default function CheckEmailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const initialEmail = params.get('email') ?? (location.state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(initialEmail);
  // Just signed up: the first mail went out now, so the cooldown starts running immediately.
  const [cooldown, setCooldown] = useState(initialEmail ? RESEND_COOLDOWN_SECONDS : 0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (cooldown <= 0) return;
    const t = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [cooldown]);

  async function resend() {
    setError(null);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(i18n._('Please enter a valid email address'));
      return;
    }
    setSending(true);
    try {
      await resendConfirmation(
        email.trim(),
        emailCallbackUrl(window.location.origin, storedReferralCode(), storedSignupFrom(), storedReturnTo()),
      );
      toast.success(i18n._('Confirmation email sent! Check your inbox.'));
      setCooldown(RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      setError(friendlyAuthError(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <PageMeta
        title={i18n._('Check your email')}
        description={i18n._('Confirm your e-mail address to finish creating your account.')}
      />
      <AuthCard
        title={i18n._('Check your email')}
        subtitle={
          initialEmail ? (
            <>
              {i18n._('We sent a confirmation link to')} <strong>{initialEmail}</strong>
              {i18n._('. Open it to activate your account.')}
            </>
          ) : (
            i18n._('We sent you a confirmation link. Open it to activate your account.')
          )
        }
      >
        <div className="space-y-4">
          {!initialEmail && (
            <FormField label={i18n._('Email')}>
              <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </FormField>
          )}
          <p className="text-sm text-slate-600">
            {i18n._("Can't find it? Check your spam folder, or send the link again.")}
          </p>
          <FormError message={error} />
          <Button className="w-full" variant="outline" onClick={resend} loading={sending} disabled={cooldown > 0}>
            {cooldown > 0
              ? i18n._('Resend available in {cooldown}s', { cooldown })
              : i18n._('Resend confirmation email')}
          </Button>
          <p className="text-center text-sm">
            <Link to={paths.auth} className="text-blue-700 hover:underline">
              {i18n._('Back to Sign In')}
            </Link>
          </p>
        </div>
      </AuthCard>
    </>
  );
}
