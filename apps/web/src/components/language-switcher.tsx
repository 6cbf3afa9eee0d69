// The language choice shown in the header, the phone menu, the footer and settings. A native select:
// keyboard and screen-reader friendly, and narrow enough for a 360 px header.
import { useState } from 'react';
import { useI18n } from '@/lib/i18n/use-i18n';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locales';
import { cn } from '@/lib/cn';

export interface LanguageSwitcherProps {
  onChoose(locale: Locale): Promise<void>;
  className?: string;
  id?: string;
  /** Two-letter names (EN, FR), for the signed-out header on a phone. */
  compact?: boolean;
}

export function LanguageSwitcher({ onChoose, className, id, compact = false }: LanguageSwitcherProps) {
  const { i18n, locale } = useI18n();
  const [failed, setFailed] = useState(false);
  return (
    // data-language-switcher: the bootstrap (src/boot.ts) handles a choice made before the app runs.
    <span className={cn('inline-flex items-center gap-2', className)} data-language-switcher="">
      <select
        id={id}
        aria-label={i18n._('Language')}
        value={locale}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          setFailed(false);
          onChoose(next).catch(() => setFailed(true));
        }}
        // A set width, room for the longest name: sized by its options, the select grew once they had
        // arrived, and a slow device's parser can paint a prerendered page before they have (what sits
        // beside it in the header moved).
        className={cn(
          'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800 focus-visible:ring-2 focus-visible:ring-blue-500',
          compact ? 'w-16' : 'w-28',
        )}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l} title={LOCALE_NAMES[l]}>
            {compact ? l.toUpperCase() : LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      {failed && (
        <span role="alert" className="text-xs text-red-700">
          {i18n._('Your language could not be saved. Please try again.')}
        </span>
      )}
    </span>
  );
}
