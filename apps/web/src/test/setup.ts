import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';

// Components render English messages, as users see them, unless a test switches language.
await activateLocale('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  await activateLocale('en');
});
