// Build-time rendering of the public pages (issue 18): the Vite plugin in scripts/vite-prerender.ts
// builds this module for Node and calls renderRoute for each prerendered path and language. The page
// renders as a first visit in that language with no session — exactly what the browser's first render
// shows before the auth state is known — so main.tsx can hydrate it. The server sends the page in the
// reader's language (apps/server/src/plugins/page-language.ts, decision 0143). Pages are rendered with
// the default product name (components cut and shape it, so a placeholder would not survive); the
// server serves them only when its APP_NAME is that name (plugins/web.ts) and index.html otherwise.
import { type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { screenFor } from '@/app/screens';
import { collectPageMeta } from '@/components/page-meta';
import { appConfig } from '@/lib/app-config';
import { activateLocale, i18n, loadScreenMessages } from '@/lib/i18n/i18n';
import { LOCALES, type Locale } from '@/lib/i18n/locales';

// The route table's lists, which the build writes beside the pages (scripts/vite-prerender.ts).
export { buildRouteList } from '@/config/route-list';
export { prerenderedPaths, sitemapPaths } from '@/config/routes';

/** Every page is rendered in each language (English is the default: dist/prerendered/<page>.html). */
export { LOCALES };

export interface Prerendered {
  html: string;
  /** The screen module (its catalogue piece's key). */
  screen: string;
  title: string | null;
  description: string | null;
  /** The page's text for a browser without JavaScript (index.html's noscript), in its language. */
  noscript: string;
}

/** The product name the pages are rendered with; written into each page (data-app-name). */
export const PRERENDER_APP_NAME = 'TagLedger';

export async function renderRoute(url: string, locale: Locale = 'en'): Promise<Prerendered> {
  appConfig.appName = PRERENDER_APP_NAME;
  const route = screenFor(url);
  if (!route) throw new Error(`no screen for ${url}`);
  await activateLocale(locale);
  await Promise.all([loadScreenMessages(route.file, locale), route.load()]);
  const meta = collectPageMeta();
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  // The first pass (prerender waits for every lazy piece: the screen, the query wrapper, the toaster)
  // loads them; the second renders them in place in one string. prerender alone would write a large
  // page's content after a spinner with an inline script to swap it in, which the CSP blocks.
  await new Response((await prerender(<AppProvider Router={Router} />)).prelude).text();
  const html = renderToString(<AppProvider Router={Router} />);
  const pending = /<!--\$[?!]-->|<script/.exec(html);
  if (pending)
    throw new Error(
      `${url}: a part of the page did not render at build time: …${html.slice(Math.max(0, pending.index - 300), pending.index + 300)}…`,
    );
  // The server fills %APP_NAME% in as it does in the rest of the page.
  const noscript = i18n._('{name} needs JavaScript to run.', { name: '%APP_NAME%' });
  return { html, screen: route.file, noscript, ...meta.result() };
}
