// The grid of asset cards of My Assets and Public Assets: each card its first file, badges, title,
// description, a line of facts and up to three tags. The two lists differ in the link, where the
// picture's URL is found, the badges, the facts and how many cards load their picture at once.
import { useEffect, useState, type ReactNode } from 'react';
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

/** How long the first photo may keep the others waiting (a phone at 1.6 Mbit/s gets it in ~0.3 s). */
const FIRST_PHOTO_HEAD_START_MS = 1500;

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
  /**
   * Whether the first card's photo, the screen's largest paint, comes alone: the other cards' photos
   * are asked for once it is in, rather than sharing a slow connection with it.
   */
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
  const head = items[0];
  const headPhoto = firstPhotoFirst && head?.media[0]?.kind === 'photo' && pictureUrl(head) ? head.id : null;
  const [settled, setSettled] = useState<string | null>(null);
  const waiting = headPhoto !== null && settled !== headPhoto;
  // A first photo that takes long does not hold the others back for good.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSettled(headPhoto), FIRST_PHOTO_HEAD_START_MS);
    return () => clearTimeout(timer);
  }, [waiting, headPhoto]);
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
                deferred={waiting && i > 0}
                onSettled={i === 0 && headPhoto ? () => setSettled(headPhoto) : undefined}
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
