import { useEffect } from 'react';
import { appConfig } from '@/lib/app-config';

export interface PageMetaProps {
  title: string;
  description?: string;
}

/** While prerendering (no document), what the rendered page asked for; see collectPageMeta. */
let collected: { title: string | null; description: string | null } | null = null;

/** Starts recording the page's title and description during a build-time render (src/prerender.tsx). */
export function collectPageMeta() {
  collected = { title: null, description: null };
  return { result: () => collected! };
}

/** Sets the document title ("<title> | <product>") and the meta description for the current screen. */
export function PageMeta({ title, description }: PageMetaProps) {
  if (collected) {
    collected.title = title ? `${title} | ${appConfig.appName}` : appConfig.appName;
    if (description !== undefined) collected.description = description;
  }
  useEffect(() => {
    document.title = title ? `${title} | ${appConfig.appName}` : appConfig.appName;
    if (description !== undefined) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
  return null;
}
