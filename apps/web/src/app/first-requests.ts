// What a returning user's page asks for before the app has started (lib/early-requests.ts, decision
// 0177): the page's early entry (src/early.ts) runs this when the browser holds a session. On the screens
// below, whose first data is one function call, it sends that call with the stored session's token, then
// downloads the photo the answer names first (the screen's largest paint). The app takes the answer
// when it makes the same call (lib/call-function.ts); nothing here renders or stores anything else.
import { matchesRoute, routes } from '@/config/routes';
import { callEarly } from '@/lib/early-requests';
import type { Session } from '@supabase/supabase-js';
import { readStoredSession } from '@/lib/stored-session';
import { startImageDownload } from '@/lib/start-image-download';
import {
  firstCardPicture,
  firstGalleryPhoto,
  MY_ASSETS_FIRST_PAGE,
  myAssetRequest,
  myAssetsRequest,
} from '@/features/assets/api/first-requests';
import type { MyAssetPage, MyAssetsPage } from '@tagledger/functions-api';

/** Sends one of a screen's first function calls, then downloads the picture its answer names first. */
function ask<Answer>(
  session: Session,
  name: string,
  body: unknown,
  firstPicture: (answer: Answer) => string | undefined,
): void {
  void callEarly(session, name, body)
    // A copy: the answer's body is the app's to read.
    .then((res) => (res.ok ? (res.clone().json() as Promise<Answer>) : undefined))
    .then((answer) => {
      const picture = answer && firstPicture(answer);
      if (picture) startImageDownload(picture);
    })
    .catch(() => undefined); // the app asks again and shows what went wrong
}

/** Called by the early entry when this browser holds a session; `pathname` is the page's. */
export function sendFirstRequests(pathname: string): void {
  const session = readStoredSession();
  if (!session) return;
  if (matchesRoute(routes.assets.path, pathname))
    ask<MyAssetsPage>(session, 'my-assets', myAssetsRequest(MY_ASSETS_FIRST_PAGE), firstCardPicture);
  else if (matchesRoute(routes.asset.path, pathname)) {
    let id: string;
    try {
      id = decodeURIComponent(pathname.split('/')[2] ?? '');
    } catch {
      return; // not an address the app answers with an asset either
    }
    ask<MyAssetPage>(session, 'my-asset', myAssetRequest(id), firstGalleryPhoto);
  }
}
