// /profile: picture, personal information, e-mail and password, and an account overview.
import { toast } from 'sonner';
import { Link } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { profileKnown, useAuth } from '@/lib/auth';
import { useWallet } from '@/lib/wallet';
import { useUploadAvatar, useRemoveAvatar } from '../api/avatar';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useAccountProfile } from '../api/get-account-profile';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarEditor } from '../components/avatar-editor';
import { EmailForm } from '../components/email-form';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SectionCard } from '../components/section-card';
import { displayName } from '@/lib/display-name';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { formatTmt } from '@/utils/format';
import { paths } from '@/config/paths';

function ProfileScreen({ userId }: { userId: string }) {
  const auth = useAuth();
  const { user, profile: authProfile } = auth;
  const profile = useAccountProfile(userId);
  const wallet = useWallet();
  const update = useUpdateProfile(userId);
  const upload = useUploadAvatar(userId);
  const remove = useRemoveAvatar(userId);
  const changeEmail = useChangeEmail();
  const changePassword = useChangePassword();

  // The account type below comes from the auth profile: shown with the rest, not changing after it.
  if (profile.isPending || !profileKnown(auth))
    return <Spinner showLabel label={i18n._('Loading profile...')} className="p-6" />;
  if (profile.isError) {
    return (
      <div role="alert" className="space-y-3 p-6">
        <p className="text-red-700">
          {i18n._('Could not load your profile:')} {toAppError(profile.error).message}
        </p>
        <Button variant="outline" onClick={() => profile.refetch()}>
          {i18n._('Retry')}
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
        <SectionCard title={i18n._('Profile picture')}>
          <AvatarEditor
            name={shownName}
            avatarUrl={p.avatar_url}
            busy={upload.isPending || remove.isPending}
            onUpload={(file) =>
              upload.mutateAsync(file).then(
                () => void toast.success(i18n._('Profile picture updated')),
                (err: unknown) => void toast.error(toAppError(err, i18n._('Failed to upload the picture')).message),
              )
            }
            onRemove={() =>
              remove.mutateAsync().then(
                () => void toast.success(i18n._('Profile picture removed')),
                (err: unknown) => void toast.error(toAppError(err, i18n._('Failed to remove the picture')).message),
              )
            }
          />
        </SectionCard>

        <SectionCard title={i18n._('Personal information')}>
          <ProfileForm
            key={p.id}
            initial={p}
            onSubmit={(values) =>
              update
                .mutateAsync(values)
                .then(() => void toast.success(i18n._('Profile updated')), fail(i18n._('Failed to update profile')))
            }
          />
        </SectionCard>

        <SectionCard
          title={i18n._('E-mail address')}
          description={i18n._('We send a confirmation link; nothing changes until you open it.')}
        >
          <EmailForm
            currentEmail={user?.email ?? p.email}
            pendingEmail={user?.new_email ?? null}
            onSubmit={(email) =>
              changeEmail
                .mutateAsync(email)
                .then(
                  () => void toast.success(i18n._('Check your inbox to confirm the new address')),
                  fail(i18n._('Failed to change e-mail')),
                )
            }
          />
        </SectionCard>

        <SectionCard title={i18n._('Password')}>
          <PasswordForm
            onSubmit={(v) =>
              changePassword
                .mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword })
                .then(() => void toast.success(i18n._('Password changed')), fail(i18n._('Failed to change password')))
            }
          />
        </SectionCard>
      </div>

      <aside className="space-y-6">
        <SectionCard title={i18n._('Account overview')}>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-slate-600">{i18n._('Member since')}</dt>
              <dd className="font-medium text-slate-900">{formatDate(p.created_at, { month: 'long' })}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{i18n._('Balance')}</dt>
              <dd className="font-medium text-slate-900">
                {wallet.isPending ? '…' : wallet.isError ? i18n._('Unavailable') : formatTmt(wallet.data.balance)}{' '}
                <Link to={paths.wallet} className="ml-1 text-blue-700 underline">
                  {i18n._('Wallet')}
                </Link>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{i18n._('Account type')}</dt>
              <dd className="flex flex-wrap gap-1.5">
                <Badge tone="info">{authProfile?.role ?? i18n._('standard')}</Badge>
                {authProfile?.is_business_user ? <Badge tone="success">{i18n._('business')}</Badge> : null}
              </dd>
            </div>
          </dl>
          {!authProfile?.is_business_user ? (
            <Link to={paths.businessUpgrade} className="mt-4 inline-block text-sm text-blue-700 underline">
              {i18n._('Request a business account')}
            </Link>
          ) : null}
        </SectionCard>
        <SectionCard title={i18n._('More')}>
          <p className="text-sm text-slate-700">
            {i18n._('Two-factor authentication, sessions, notifications, data export and account deletion are in')}{' '}
            <Link to={paths.settings} className="text-blue-700 underline">
              {i18n._('Settings')}
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
      <PageMeta
        title={i18n._('Profile')}
        description={i18n._('Your picture, personal details, e-mail address and password.')}
      />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{i18n._('Profile')}</h1>
      {user ? <ProfileScreen userId={user.id} /> : <Spinner showLabel label={i18n._('Loading profile...')} />}
    </div>
  );
}
