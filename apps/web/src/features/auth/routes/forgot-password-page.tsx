import { useState } from 'react';
import { PageMeta } from '@/components/page-meta';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { friendlyAuthError } from '../lib/error-messages';

export default function ForgotPasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  return (
    <>
      <PageMeta title="Forgot password" description="Request a link to reset your password." />
      <AuthCard title="Reset your password" subtitle="Enter your account's e-mail and we will send you a reset link.">
        <ForgotPasswordForm
          error={error}
          sent={sent}
          onSubmit={async ({ email }) => {
            setError(null);
            setSent(false);
            try {
              await requestPasswordReset(email, window.location.origin);
              setSent(true);
            } catch (err) {
              setError(friendlyAuthError(err));
            }
          }}
        />
      </AuthCard>
    </>
  );
}
