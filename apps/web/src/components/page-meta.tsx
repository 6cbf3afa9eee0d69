import { useEffect } from 'react';
import { appConfig } from '@/lib/app-config';

export interface PageMetaProps {
  title: string;
  description?: string;
}

/** Sets the document title ("<title> | <product>") and the meta description for the current screen. */
export function PageMeta({ title, description }: PageMetaProps) {
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
