import { useState } from 'react';
import { PageMeta } from '@/components/page-meta';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { friendlyAuthError } from '../lib/error-messages';
import { i18n } from '@/lib/i18n/i18n';

export default function ForgotPasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  return (
    <>
      <PageMeta title={i18n._('Forgot password')} description={i18n._('Request a link to reset your password.')} />
      <AuthCard
        title={i18n._('Reset your password')}
        subtitle={i18n._("Enter your account's e-mail and we will send you a reset link.")}
      >
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
