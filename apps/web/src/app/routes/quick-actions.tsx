// The dashboard's shortcuts. Each description says what the screen does today (the next-of-kin
// one comes from the nok feature, which owns that promise).
import { FileCheck2, Newspaper, Search, Tag, UserPlus, Users } from 'lucide-react';
import { TitledSection } from '@/components/ui/titled-section';
import { LinkCards, type LinkCard } from '@/components/link-cards';
import { NOK_SHORT_DESCRIPTION } from '@/features/inheritance/lib/copy';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

const quickActions: LinkCard[] = [
  { to: paths.tag, title: /*i18n*/ 'Tag an asset', description: /*i18n*/ 'Register something you own', icon: Tag },
  {
    to: paths.assets,
    title: /*i18n*/ 'My assets',
    description: /*i18n*/ 'See and manage your records',
    icon: FileCheck2,
  },
  { to: paths.nok, title: /*i18n*/ 'Next of kin', description: NOK_SHORT_DESCRIPTION, icon: Users },
  {
    to: paths.referrals,
    title: /*i18n*/ 'Invite friends',
    description: /*i18n*/ 'Share your referral link',
    icon: UserPlus,
  },
  { to: paths.news, title: /*i18n*/ 'News', description: /*i18n*/ 'Latest product updates', icon: Newspaper },
  { to: paths.publicAssets, title: /*i18n*/ 'Public assets', description: /*i18n*/ 'Browse and verify', icon: Search },
];

export function QuickActions() {
  return (
    <TitledSection id="quick-actions" className="mt-8" title={i18n._('Quick actions')}>
      <LinkCards links={quickActions} layout="row" className="mt-4" />
    </TitledSection>
  );
}
