// The grid of asset cards of My Assets and Public Assets: each card its first file, badges, title,
// description, a line of facts and up to three tags. The two lists differ in the link, where the
// picture's URL is found, the badges, the facts and how many cards load their picture at once.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { i18n } from '@/lib/i18n/i18n';
import type { PublicMedia } from '../api/types';
import { MediaThumb } from './media-thumb';

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

function AssetCard({ to, title, description, tags, thumb, badges, facts }: AssetCardProps) {
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

/** What a card shows of an asset, in both lists. */
interface GridAsset {
  id: string;
  title: string;
  description: string | null;
  tags: string[];
  media: readonly PublicMedia[];
}

interface AssetGridProps<T extends GridAsset> {
  /** The list's accessible name. */
  label: string;
  items: T[];
  to: (asset: T) => string;
  /** The signed URL of the asset's first file, when the page came with one. */
  pictureUrl: (asset: T) => string | undefined;
  /** How many cards, from the first, are above the fold: their pictures load at once. */
  eagerCards: number;
  /** Whether the first card's photo is asked for before the others (the screen's largest paint). */
  firstPhotoFirst?: boolean;
  badges: (asset: T) => ReactNode;
  facts: (asset: T) => AssetCardProps['facts'];
}

export function AssetGrid<T extends GridAsset>({
  label,
  items,
  to,
  pictureUrl,
  eagerCards,
  firstPhotoFirst = false,
  badges,
  facts,
}: AssetGridProps<T>) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {items.map((a, i) => (
        <li key={a.id}>
          <AssetCard
            to={to(a)}
            title={a.title}
            description={a.description}
            tags={a.tags}
            thumb={
              <MediaThumb
                media={a.media[0]}
                url={pictureUrl(a)}
                className="aspect-video w-full"
                aboveFold={i < eagerCards}
                first={firstPhotoFirst && i === 0}
              />
            }
            badges={badges(a)}
            facts={facts(a)}
          />
        </li>
      ))}
    </ul>
  );
}
