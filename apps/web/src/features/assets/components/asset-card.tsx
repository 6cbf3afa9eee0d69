// One asset in a grid: its first file, badges, title, description, a line of facts and up to three
// tags. Used by My Assets and Public Assets, which differ in the link, the badges and the facts.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { i18n } from '@/lib/i18n/i18n';

interface AssetCardProps {
  to: string;
  title: string;
  description: string | null;
  tags: string[];
  thumb: ReactNode;
  badges: ReactNode;
  /** The facts line (serial, value, …); empty parts are left out. */
  facts: (string | null | undefined | false)[];
}

export function AssetCard({ to, title, description, tags, thumb, badges, facts }: AssetCardProps) {
  return (
    <Link to={to} className="block h-full">
      <Card className="h-full overflow-hidden transition-shadow hover:shadow-md">
        {thumb}
        <div className="space-y-2 p-4">
          <div className="flex flex-wrap gap-1">{badges}</div>
          <h2 className="truncate font-semibold text-slate-900">{title}</h2>
          {description && <p className="line-clamp-2 text-sm text-slate-600">{description}</p>}
          <p className="text-xs text-slate-500">{facts.filter(Boolean).join(' · ')}</p>
          {tags.length > 0 && (
            <p className="text-xs text-slate-500">
              {tags.slice(0, 3).join(', ')}
              {tags.length > 3 && i18n._(' +{value} more', { value: tags.length - 3 })}
            </p>
          )}
        </div>
      </Card>
    </Link>
  );
}
