// The assets screens' first function calls, in a module without supabase-js or React: the screens ask
// them (search-my-assets.ts, get-asset.ts), and so does a returning user's page before the app has
// started (app/first-requests.ts), which also starts the download of the photo each screen paints first.
// Both build the request here, so the app finds the early answer under the very same question.
import type { FunctionRequest, MyAssetPage, MyAssetsPage } from '@tagledger/functions-api';
import { userFileUrl } from '@/lib/user-files';
import { galleryPhotoWidth } from '../lib/gallery-photo';
import { commonListRequest } from './list-request';
import type { AssetFilters } from './search-my-assets';

/** My Assets as it opens: no search, no filter, newest first, twelve cards. */
export const MY_ASSETS_FIRST_PAGE: AssetFilters = {
  query: '',
  kind: '',
  privacy: '',
  media: '',
  sort: 'created_at',
  ascending: false,
  pageSize: 12,
  after: null,
};

export function myAssetsRequest(f: AssetFilters): FunctionRequest<'my-assets'> {
  return { ...commonListRequest(f), privacy: f.privacy || undefined, status: f.status || undefined };
}

/** The picture of My Assets' first card (its largest paint), if it has one. */
export function firstCardPicture(answer: MyAssetsPage): string | undefined {
  const first = answer.page.items[0]?.media[0];
  const url = first?.kind === 'photo' ? answer.urls[first.object_name] : undefined;
  return url && userFileUrl(url);
}

export const myAssetRequest = (id: string): FunctionRequest<'my-asset'> => ({ id, photoWidth: galleryPhotoWidth() });

/** The photo an asset page shows first (its largest paint), if its first file is one. */
export function firstGalleryPhoto(answer: MyAssetPage): string | undefined {
  const first = answer.asset.media[0];
  const url = first?.kind === 'photo' ? answer.photos[first.object_name] : undefined;
  return url && userFileUrl(url);
}
