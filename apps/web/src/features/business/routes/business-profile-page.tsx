// /business/profile — the brand customers see on scan pages, whether it carries the verified
// badge (granted by an admin when approving the business request), and the GS1 company prefixes
// that make its GTINs its own once an admin verifies them (decision 0140).
import { toast } from 'sonner';
import { BadgeCheck } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { PageHeading } from '@/components/page-heading';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import { useBusinessProfile, useSaveBusinessProfile } from '../api/business-profile';
import { useDeclarePrefix, useGs1Prefixes, useWithdrawPrefix } from '../api/gs1-prefixes';
import { uploadBusinessMedia } from '../api/media';
import { BusinessNav } from '../components/business-nav';
import { BusinessProfileForm } from '../components/business-profile-form';
import { Gs1PrefixesCard } from '../components/gs1-prefixes-card';
import { refusalMessage } from '../lib/refusals';

function PrefixesSection() {
  const prefixes = useGs1Prefixes();
  const declare = useDeclarePrefix();
  const withdraw = useWithdrawPrefix();
  if (prefixes.isLoading) return <LoadingBlock label={i18n._('Loading...')} />;
  if (prefixes.isError)
    return <ErrorRetry message={toAppError(prefixes.error).message} onRetry={() => void prefixes.refetch()} />;
  return (
    <Gs1PrefixesCard
      prefixes={prefixes.data ?? []}
      onDeclare={async (values) => {
        try {
          await declare.mutateAsync(values);
          toast.success(i18n._('Prefix declared: an administrator will check it'));
        } catch (err) {
          const e = toAppError(err, i18n._('The prefix could not be declared'));
          toast.error(
            refusalMessage(err) ?? (e.code === '23505' ? i18n._('You already declared this prefix') : e.message),
          );
          throw err;
        }
      }}
      onWithdraw={async (prefix) => {
        try {
          await withdraw.mutateAsync(prefix.id);
          toast.success(i18n._('Prefix {prefix} withdrawn', { prefix: prefix.prefix }));
        } catch (err) {
          toast.error(toAppError(err, i18n._('The prefix could not be withdrawn')).message);
          throw err;
        }
      }}
    />
  );
}

export default function BusinessProfilePage() {
  const { user, profile: account } = useAuth();
  const profile = useBusinessProfile();
  const save = useSaveBusinessProfile();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={i18n._('Brand profile')} />
      <BusinessNav />
      <PageHeading title={i18n._('Brand profile')} lead={i18n._('Customers see this on the page each label opens.')} />
      {account?.is_business_user && (
        <p className="mt-3 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-3 py-1 text-sm text-emerald-800">
          <BadgeCheck className="h-4 w-4" aria-hidden="true" /> {i18n._('Verified business')}
        </p>
      )}
      <Card className="mt-6">
        <CardContent>
          {profile.isLoading ? (
            <LoadingBlock label={i18n._('Loading...')} />
          ) : profile.isError ? (
            <ErrorRetry message={toAppError(profile.error).message} onRetry={() => void profile.refetch()} />
          ) : (
            <BusinessProfileForm
              initial={profile.data ?? { brand_name: '', website: null, support_contact: null, logo_path: null }}
              onSubmit={async (values, logo) => {
                try {
                  const logoPath = logo?.file ? await uploadBusinessMedia(user!.id, logo.file) : (logo?.path ?? null);
                  await save.mutateAsync({ ...values, logo_path: logoPath });
                  toast.success(i18n._('Brand profile saved'));
                } catch (err) {
                  toast.error(refusalMessage(err) ?? toAppError(err, i18n._('The profile could not be saved')).message);
                  throw err;
                }
              }}
            />
          )}
        </CardContent>
      </Card>
      <PrefixesSection />
    </div>
  );
}
