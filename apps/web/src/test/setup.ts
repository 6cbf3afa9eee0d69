import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { catalogueKeys } from 'virtual:catalogues';
import { activateLocale, loadScreenMessages } from '@/lib/i18n/i18n';

// Components render English messages, as users see them, unless a test switches language. Tests render
// components outside their screens, so every screen's messages are loaded (and follow a switch).
await activateLocale('en');
await Promise.all(catalogueKeys.map((key) => loadScreenMessages(key)));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  await activateLocale('en');
});
