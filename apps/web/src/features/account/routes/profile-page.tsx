// /profile: picture, personal information, e-mail and password, and an account overview.
import { format } from 'date-fns';
import { toast } from 'sonner';
import { Link } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { useUploadAvatar, useRemoveAvatar } from '../api/avatar';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useAccountProfile } from '../api/get-account-profile';
import { useBalance } from '../api/get-balance';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarEditor } from '../components/avatar-editor';
import { EmailForm } from '../components/email-form';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SectionCard } from '../components/section-card';
import { displayName } from '@/lib/display-name';

function ProfileScreen({ userId }: { userId: string }) {
  const { user, profile: authProfile } = useAuth();
  const profile = useAccountProfile(userId);
  const balance = useBalance(userId);
  const update = useUpdateProfile(userId);
  const upload = useUploadAvatar(userId);
  const remove = useRemoveAvatar(userId);
  const changeEmail = useChangeEmail();
  const changePassword = useChangePassword();

  if (profile.isPending) return <Spinner showLabel label="Loading profile..." className="p-6" />;
  if (profile.isError) {
    return (
      <div role="alert" className="space-y-3 p-6">
        <p className="text-red-700">Could not load your profile: {toAppError(profile.error).message}</p>
        <Button variant="outline" onClick={() => profile.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const p = profile.data;
  const shownName = displayName(p, p.email || 'You');
  const fail = (fallback: string) => (err: unknown) => {
    toast.error(toAppError(err, fallback).message);
    throw err;
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="space-y-6">
        <SectionCard title="Profile picture">
          <AvatarEditor
            name={shownName}
            avatarUrl={p.avatar_url}
            busy={upload.isPending || remove.isPending}
            onUpload={(file) =>
              upload.mutateAsync(file).then(
                () => void toast.success('Profile picture updated'),
                (err: unknown) => void toast.error(toAppError(err, 'Failed to upload the picture').message),
              )
            }
            onRemove={() =>
              remove.mutateAsync().then(
                () => void toast.success('Profile picture removed'),
                (err: unknown) => void toast.error(toAppError(err, 'Failed to remove the picture').message),
              )
            }
          />
        </SectionCard>

        <SectionCard title="Personal information">
          <ProfileForm
            key={p.id}
            initial={p}
            onSubmit={(values) =>
              update.mutateAsync(values).then(() => void toast.success('Profile updated'), fail('Failed to update profile'))
            }
          />
        </SectionCard>

        <SectionCard title="E-mail address" description="We send a confirmation link; nothing changes until you open it.">
          <EmailForm
            currentEmail={user?.email ?? p.email}
            pendingEmail={user?.new_email ?? null}
            onSubmit={(email) => changeEmail.mutateAsync(email).then(() => void toast.success('Check your inbox to confirm the new address'), fail('Failed to change e-mail'))}
          />
        </SectionCard>

        <SectionCard title="Password">
          <PasswordForm
            onSubmit={(v) =>
              changePassword
                .mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword })
                .then(() => void toast.success('Password changed'), fail('Failed to change password'))
            }
          />
        </SectionCard>
      </div>

      <aside className="space-y-6">
        <SectionCard title="Account overview">
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-slate-600">Member since</dt>
              <dd className="font-medium text-slate-900">{format(new Date(p.created_at), 'MMMM d, yyyy')}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Balance</dt>
              <dd className="font-medium text-slate-900">
                {balance.isPending ? '…' : balance.isError ? 'Unavailable' : `${balance.data.toLocaleString()} TMT`}{' '}
                <Link to="/wallet" className="ml-1 text-blue-700 underline">
                  Wallet
                </Link>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Account type</dt>
              <dd className="flex flex-wrap gap-1.5">
                <Badge tone="info">{authProfile?.role ?? 'standard'}</Badge>
                {authProfile?.is_business_user ? <Badge tone="success">business</Badge> : null}
              </dd>
            </div>
          </dl>
          {!authProfile?.is_business_user ? (
            <Link to="/business-upgrade" className="mt-4 inline-block text-sm text-blue-700 underline">
              Request a business account
            </Link>
          ) : null}
        </SectionCard>
        <SectionCard title="More">
          <p className="text-sm text-slate-700">
            Two-factor authentication, sessions, notifications, data export and account deletion are in{' '}
            <Link to="/settings" className="text-blue-700 underline">
              Settings
            </Link>
            .
          </p>
        </SectionCard>
      </aside>
    </div>
  );
}

export default function ProfilePage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageMeta title="Profile" description="Your picture, personal details, e-mail address and password." />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Profile</h1>
      {user ? <ProfileScreen userId={user.id} /> : <Spinner showLabel label="Loading profile..." />}
    </div>
  );
}
