// The dashboard's shortcuts. Each description says what the screen does today (the next-of-kin
// one comes from the nok feature, which owns that promise).
import { FileCheck2, Newspaper, Search, Tag, UserPlus, Users } from 'lucide-react';
import { TitledSection } from '@/components/ui/titled-section';
import { Link } from 'react-router';
import { NOK_SHORT_DESCRIPTION } from '@/features/inheritance/lib/copy';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

const quickActions = [
  { to: paths.tag, label: /*i18n*/ 'Tag an asset', description: /*i18n*/ 'Register something you own', icon: Tag },
  {
    to: paths.assets,
    label: /*i18n*/ 'My assets',
    description: /*i18n*/ 'See and manage your records',
    icon: FileCheck2,
  },
  { to: paths.nok, label: /*i18n*/ 'Next of kin', description: NOK_SHORT_DESCRIPTION, icon: Users },
  {
    to: paths.referrals,
    label: /*i18n*/ 'Invite friends',
    description: /*i18n*/ 'Share your referral link',
    icon: UserPlus,
  },
  { to: paths.news, label: /*i18n*/ 'News', description: /*i18n*/ 'Latest product updates', icon: Newspaper },
  { to: paths.publicAssets, label: /*i18n*/ 'Public assets', description: /*i18n*/ 'Browse and verify', icon: Search },
];

export function QuickActions() {
  return (
    <TitledSection id="quick-actions" className="mt-8" title={i18n._('Quick actions')}>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {quickActions.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300 hover:shadow"
            >
              <span className="grid h-10 w-10 place-items-center rounded-md bg-blue-50 text-blue-700">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-medium text-slate-900">{i18n._(label)}</span>
                <span className="block text-sm text-slate-600">{i18n._(description)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
