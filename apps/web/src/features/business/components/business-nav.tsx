// The business screens' own navigation: one row of links, wrapping on narrow screens.
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';

const LINKS = [
  { to: paths.businessDashboard, label: /*i18n*/ 'Overview' },
  { to: paths.businessProducts, label: /*i18n*/ 'Products' },
  { to: paths.businessAnalytics, label: /*i18n*/ 'Scan analytics' },
  { to: paths.businessProfile, label: /*i18n*/ 'Brand profile' },
];

export function BusinessNav() {
  return (
    <nav aria-label={i18n._('Business')} className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.to === paths.businessDashboard}
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
            )
          }
        >
          {i18n._(link.label)}
        </NavLink>
      ))}
    </nav>
  );
}
