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

export const RESET_TEXTS = {
  invalidLink: 'Invalid reset link. Please try requesting a new password reset.',
  expired: 'Invalid or expired reset link. Please request a new one.',
  verified: 'Reset link verified! Please enter your new password.',
  noSession: 'Invalid reset session. Please request a new password reset.',
  success: 'Password updated successfully! Please sign in with your new password.',
  failed: 'Failed to update password',
  generic: 'Something went wrong. Please try again.',
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
      toast.error(RESET_TEXTS.invalidLink);
      navigate('/forgot-password', { replace: true });
      return;
    }
    verifyRecovery({ token, code })
      .then(() => {
        setStatus('verified');
        toast.success(RESET_TEXTS.verified);
      })
      .catch((err: unknown) => {
        console.warn('Reset link verification failed:', err);
        setStatus('failed');
        toast.error(RESET_TEXTS.expired);
      });
  }, [params, navigate]);

  async function submit({ password }: { password: string }) {
    try {
      if (status !== 'verified' || !(await hasSession())) {
        toast.error(RESET_TEXTS.noSession);
        return;
      }
      await updatePasswordAndSignOut(password);
      // Let the auth provider apply the SIGNED_OUT event first, so /auth does not see the old user.
      await new Promise((resolve) => setTimeout(resolve, 0));
      toast.success(RESET_TEXTS.success);
      navigate('/auth', { replace: true });
    } catch (err) {
      // A refused password says why (the server's weak_password reasons); other failures keep
      // the server's message (SPEC §9).
      const weak = (err as { code?: unknown } | null)?.code === 'weak_password';
      const message = weak ? friendlyAuthError(err) : err instanceof Error && err.message ? err.message : RESET_TEXTS.failed;
      toast.error(message || RESET_TEXTS.generic);
    }
  }

  return (
    <>
      <PageMeta title="Set a new password" description="Choose a new password for your account." />
      <AuthCard title="Set a new password">
        {status === 'verifying' && <Spinner label="Verifying your reset link..." showLabel />}
        {status === 'failed' && (
          <div className="space-y-4">
            <p role="alert" className="text-sm text-red-600">
              {RESET_TEXTS.expired}
            </p>
            <Link to="/forgot-password" className="text-sm text-blue-700 hover:underline">
              Request a new reset link
            </Link>
          </div>
        )}
        {status === 'verified' && <ResetPasswordForm onSubmit={submit} />}
      </AuthCard>
    </>
  );
}
