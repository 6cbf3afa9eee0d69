// /reset-password (SPEC §2, §5, §8): the link is verified first; the form stays hidden until then.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { hasSession, updatePasswordAndSignOut } from '../api/update-password';
import { verifyRecovery } from '../api/verify-recovery';
import { AuthCard } from '../components/auth-card';
import { friendlyAuthError } from '../lib/error-messages';
import { ResetPasswordForm } from '../components/reset-password-form';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export const RESET_TEXTS = {
  invalidLink: /*i18n*/ 'Invalid reset link. Please try requesting a new password reset.',
  expired: /*i18n*/ 'Invalid or expired reset link. Please request a new one.',
  verified: /*i18n*/ 'Reset link verified! Please enter your new password.',
  noSession: /*i18n*/ 'Invalid reset session. Please request a new password reset.',
  success: /*i18n*/ 'Password updated successfully! Please sign in with your new password.',
  failed: /*i18n*/ 'Failed to update password',
  generic: /*i18n*/ 'Something went wrong. Please try again.',
} as const;

type Status = 'verifying' | 'verified' | 'failed';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>('verifying');
  const started = useRef(false);

  useEffect(() => {
    // The link is single-use: verify exactly once, even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const type = params.get('type');
    const code = params.get('code');
    if (!code && (!token || type !== 'recovery')) {
      toast.error(i18n._(RESET_TEXTS.invalidLink));
      navigate(paths.forgotPassword, { replace: true });
      return;
    }
    verifyRecovery({ token, code })
      .then(() => {
        setStatus('verified');
        toast.success(i18n._(RESET_TEXTS.verified));
      })
      .catch((err: unknown) => {
        console.warn('Reset link verification failed:', err);
        setStatus('failed');
        toast.error(i18n._(RESET_TEXTS.expired));
      });
  }, [params, navigate]);

  async function submit({ password }: { password: string }) {
    try {
      if (status !== 'verified' || !(await hasSession())) {
        toast.error(i18n._(RESET_TEXTS.noSession));
        return;
      }
      await updatePasswordAndSignOut(password);
      // Let the auth provider apply the SIGNED_OUT event first, so /auth does not see the old user.
      await new Promise((resolve) => setTimeout(resolve, 0));
      toast.success(i18n._(RESET_TEXTS.success));
      navigate(paths.auth, { replace: true });
    } catch (err) {
      // A refused password says why (the server's weak_password reasons); other failures keep
      // the server's message (SPEC §9).
      const weak = (err as { code?: unknown } | null)?.code === 'weak_password';
      const message = weak
        ? friendlyAuthError(err)
        : err instanceof Error && err.message
          ? err.message
          : i18n._(RESET_TEXTS.failed);
      toast.error(message || i18n._(RESET_TEXTS.generic));
    }
  }

  return (
    <>
      <PageMeta title={i18n._('Set a new password')} description={i18n._('Choose a new password for your account.')} />
      <AuthCard title={i18n._('Set a new password')}>
        {status === 'verifying' && <Spinner label={i18n._('Verifying your reset link...')} showLabel />}
        {status === 'failed' && (
          <div className="space-y-4">
            <p role="alert" className="text-sm text-red-600">
              {i18n._(RESET_TEXTS.expired)}
            </p>
            <Link to={paths.forgotPassword} className="text-sm text-blue-700 hover:underline">
              {i18n._('Request a new reset link')}
            </Link>
          </div>
        )}
        {status === 'verified' && <ResetPasswordForm onSubmit={submit} />}
      </AuthCard>
    </>
  );
}
