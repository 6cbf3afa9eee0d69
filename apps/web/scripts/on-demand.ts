// Which prerendered pages hydrate on demand (decision 0133), and their HTML. A page qualifies when its
// only controls are links and the language menu: links work as plain links and the language menu is
// handled by the bootstrap (src/boot.ts), so nothing on it needs React until the visitor interacts.
// Buttons, forms and fields (the sign-in form, the business request form) need the app at once.
import fs from 'node:fs';
import path from 'node:path';

export function hydratesOnDemand(rootHtml: string): boolean {
  if (/<(button|form|input|textarea)[\s>]/.test(rootHtml)) return false;
  const selects = rootHtml.match(/<select[\s>]/g)?.length ?? 0;
  const languageMenus = rootHtml.match(/data-language-switcher=""/g)?.length ?? 0;
  return selects <= languageMenus;
}

/** The entry script (index.html's) and its static imports: all an on-demand page loads up front. */
export function bootFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  return files;
}

/**
 * Drops the app's module preloads, which index.html carries so that a page the client must render
 * does not wait for the entry first. A prerendered page paints without them, and with them its paint
 * waited for 100 KB of high-priority downloads: Lighthouse's LCP of /auth went from 1.97 s to 1.12 s
 * without them (bench/RESULTS.md), for one round trip more before it hydrates (the entry's).
 */
export function withoutAppPreloads(html: string, boot: Set<string>): string {
  return html.replace(/\s*<link rel="modulepreload"[^>]*href="\/([^"]+)"[^>]*>/g, (link, file: string) =>
    boot.has(file) ? link : '',
  );
}

/** Marks #root data-hydrate="on-demand" and drops the preloads of the app and of its messages. */
export function onDemandPage(html: string, boot: Set<string>): string {
  return withoutAppPreloads(html, boot)
    .replace(' data-prerendered="en"', ' data-prerendered="en" data-hydrate="on-demand"')
    .replace(/\s*<link rel="preload" as="fetch"[^>]*>/g, '');
}
