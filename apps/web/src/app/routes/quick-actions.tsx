// The dashboard's shortcuts. Each description says what the screen does today (the next-of-kin
// one comes from the nok feature, which owns that promise).
import { FileCheck2, Newspaper, Search, Tag, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { NOK_SHORT_DESCRIPTION } from '@/features/nok/lib/copy';

const quickActions = [
  { to: '/tag', label: 'Tag an asset', description: 'Register something you own', icon: Tag },
  { to: '/assets', label: 'My assets', description: 'See and manage your records', icon: FileCheck2 },
  { to: '/nok', label: 'Next of kin', description: NOK_SHORT_DESCRIPTION, icon: Users },
  { to: '/referrals', label: 'Invite friends', description: 'Share your referral link', icon: UserPlus },
  { to: '/news', label: 'News', description: 'Latest product updates', icon: Newspaper },
  { to: '/public-assets', label: 'Public assets', description: 'Browse and verify', icon: Search },
];

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions" className="mt-8">
      <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
        Quick actions
      </h2>
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
                <span className="block font-medium text-slate-900">{label}</span>
                <span className="block text-sm text-slate-600">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
