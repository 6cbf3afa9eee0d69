import type { NewsLanguage } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';

/** Says that the article is shown in the other language because it has no translation yet. */
export function UntranslatedNote({ shownIn }: { shownIn: NewsLanguage }) {
  return (
    <p className="text-xs italic text-slate-500" data-testid="untranslated-note">
      {shownIn === 'fr'
        ? i18n._('Not yet translated: shown in French.')
        : i18n._('Not yet translated: shown in English.')}
    </p>
  );
}
