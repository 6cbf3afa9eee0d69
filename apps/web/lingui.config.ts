// Lingui: message catalogues per language (src/locales/<lang>.po). `npm run i18n:extract -w @tagledger/web`
// collects every i18n._('…') call and /*i18n*/ string of src into both catalogues; French translations are
// written into fr.po. English is the source language: its msgstr stays empty and the message itself is used.
// The Vite plugin compiles a catalogue when it is imported, so the browser never parses ICU messages.
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false, origins: false }),
  orderBy: 'messageId',
});
