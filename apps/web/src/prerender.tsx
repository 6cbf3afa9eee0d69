// Build-time rendering of the public pages (issue 18): the Vite plugin in scripts/vite-prerender.ts
// builds this module for Node and calls renderRoute for each prerendered path. The page renders as a
// first visit in English with no session — exactly what the browser's first render shows before the
// auth state is known — so main.tsx can hydrate it. Pages are rendered with the default product name
// (components cut and shape it, so a placeholder would not survive); the server serves them only when
// its APP_NAME is that name (plugins/web.ts) and index.html otherwise.
import { type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { screenFor } from '@/app/router';
import { collectPageMeta } from '@/components/page-meta';
import { appConfig } from '@/lib/app-config';
import { activateLocale, loadScreenMessages } from '@/lib/i18n/i18n';

export interface Prerendered {
  html: string;
  /** The screen module (its catalogue piece's key). */
  screen: string;
  title: string | null;
  description: string | null;
}

/** The product name the pages are rendered with; written into each page (data-app-name). */
export const PRERENDER_APP_NAME = 'TagLedger';

export async function renderRoute(url: string): Promise<Prerendered> {
  appConfig.appName = PRERENDER_APP_NAME;
  const route = screenFor(url);
  if (!route) throw new Error(`no screen for ${url}`);
  await activateLocale('en');
  await Promise.all([loadScreenMessages(route.file), route.load()]);
  const meta = collectPageMeta();
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const { prelude } = await prerender(<AppProvider Router={Router} />);
  const html = await new Response(prelude).text();
  return { html, screen: route.file, ...meta.result() };
}
