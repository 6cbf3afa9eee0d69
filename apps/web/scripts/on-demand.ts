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
 * Marks #root data-hydrate="on-demand" and drops the preloads of the app (its modules and the
 * messages its first render awaits), which index.html carries for pages that start the app at once.
 */
export function onDemandPage(html: string, boot: Set<string>): string {
  return html
    .replace(' data-prerendered="en"', ' data-prerendered="en" data-hydrate="on-demand"')
    .replace(/\s*<link rel="modulepreload"[^>]*href="\/([^"]+)"[^>]*>/g, (link, file: string) =>
      boot.has(file) ? link : '',
    )
    .replace(/\s*<link rel="preload" as="fetch"[^>]*>/g, '');
}
