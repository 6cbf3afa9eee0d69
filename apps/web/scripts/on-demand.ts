// Which prerendered pages hydrate on demand (decision 0133), and their HTML. A page qualifies when it
// shows all its content (no data to fetch) and its only controls are links and the language menu:
// links work as plain links and the language menu is handled by the bootstrap (src/boot.ts), so
// nothing on it needs React until the visitor interacts. Buttons, forms and fields (the sign-in form,
// the business request form) and frames waiting for data need the app at once.
import { addChunkClosure, readManifest } from './build-manifest.ts';

/**
 * False for a frame (/verify/:serial, /public-assets/:id) or a page showing a loading status: it waits
 * for data only the app fetches, so it cannot wait for an interaction to start the app.
 */
function showsAllContent(route: string, rootHtml: string): boolean {
  return !route.includes(':') && !/role="status"/.test(rootHtml);
}

export function hydratesOnDemand(route: string, rootHtml: string): boolean {
  if (!showsAllContent(route, rootHtml)) return false;
  if (/<(button|form|input|textarea)[\s>]/.test(rootHtml)) return false;
  const selects = rootHtml.match(/<select[\s>]/g)?.length ?? 0;
  const languageMenus = rootHtml.match(/data-language-switcher=""/g)?.length ?? 0;
  return selects <= languageMenus;
}

/** The entry script (index.html's) and its static imports: all a prerendered page loads up front. */
export function bootFiles(outDir: string): Set<string> {
  const files = new Set<string>();
  addChunkClosure(readManifest(outDir), 'index.html', files);
  return files;
}

/**
 * Drops the app's module preloads and the early entry (src/early.ts: a signed-in screen's first data),
 * which index.html carries so that a page the client must render
 * does not wait for the entry first. A prerendered page paints without them, and with them its paint
 * waited for 100–190 KB of high-priority downloads: Lighthouse's LCP of /auth went from 1.97 s to
 * 1.12 s without them, that of the /verify and /public-assets frames from 1.8 s to 1.05 s
 * (bench/RESULTS.md), for one round trip more before it hydrates (the entry's).
 */
export function withoutAppPreloads(html: string, boot: Set<string>): string {
  return html
    .replace(/\s*<link rel="modulepreload"[^>]*href="\/([^"]+)"[^>]*>/g, (link, file: string) =>
      boot.has(file) ? link : '',
    )
    .replace(/\s*<script [^>]*data-early-entry[^>]*><\/script>/, '');
}

/** Marks #root data-hydrate="on-demand" and drops the preloads of the app and of its messages. */
export function onDemandPage(html: string, boot: Set<string>): string {
  return withoutAppPreloads(html, boot)
    .replace(/ data-prerendered="([a-z]+)"/, ' data-prerendered="$1" data-hydrate="on-demand"')
    .replace(/\s*<link rel="preload" as="fetch"[^>]*>/g, '');
}
