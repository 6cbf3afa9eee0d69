// A grid of links drawn as cards, each with an icon, a title and a line that says what the screen
// does: the dashboard's quick actions (`layout="row"`, the icon in a tinted square beside the text)
// and the admin panel's tools (`layout="stacked"`, the icon above). One column on a phone, two from
// `sm`, three from `lg`; the titles and descriptions are catalogue ids, translated here.
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';

export interface LinkCard {
  to: string;
  /** Catalogue id of the card's title (marked with an i18n comment where it is written). */
  title: string;
  /** Catalogue id, or a text already in the catalogue, of the line under the title. */
  description: string;
  icon: LucideIcon;
}

const CARD = 'rounded-lg border border-slate-200 bg-white shadow-sm hover:border-blue-300 hover:shadow';

export function LinkCards({
  links,
  layout,
  className,
}: {
  links: LinkCard[];
  layout: 'row' | 'stacked';
  className?: string;
}) {
  return (
    <ul className={cn(className, 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3')}>
      {links.map(({ to, title, description, icon: Icon }) => (
        <li key={to}>
          {layout === 'row' ? (
            <Link to={to} className={cn('flex items-center gap-4 p-4', CARD)}>
              <span className="grid h-10 w-10 place-items-center rounded-md bg-blue-50 text-blue-700">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-medium text-slate-900">{i18n._(title)}</span>
                <span className="block text-sm text-slate-600">{i18n._(description)}</span>
              </span>
            </Link>
          ) : (
            <Link to={to} className={cn('flex h-full flex-col p-5', CARD)}>
              <Icon className="h-6 w-6 text-blue-700" aria-hidden="true" />
              <span className="mt-3 font-semibold text-slate-900">{i18n._(title)}</span>
              <span className="mt-1 text-sm text-slate-600">{i18n._(description)}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
