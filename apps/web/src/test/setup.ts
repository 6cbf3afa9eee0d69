import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { catalogueKeys } from 'virtual:catalogues';
import { activateLocale, loadScreenMessages } from '@/lib/i18n/i18n';
import { preloadDialogCode } from '@/components/ui/modal';

// Components render English messages, as users see them, unless a test switches language. Tests render
// components outside their screens, so every screen's messages are loaded (and follow a switch).
await activateLocale('en');
await Promise.all(catalogueKeys.map((key) => loadScreenMessages(key)));
// A dialog's code loads when a page is idle or the dialog first opens (components/ui/modal.tsx); tests
// render dialogs open from the start, as a person meets them once the page has loaded.
await preloadDialogCode();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Test files share a worker (vitest.config.ts, isolate: false): nothing one stubs reaches the next.
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

afterEach(async () => {
  await activateLocale('en');
});

// A console.error in a component test is a bug (a React warning, an act() warning, a failed request
// the component did not handle), so it fails the test that printed it. A test that expects one
// replaces console.error itself (`vi.spyOn(console, 'error').mockImplementation(...)`), which this
// recorder then never sees.
let consoleErrors: string[] = [];
const printError = console.error.bind(console);
beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    printError(...args);
  };
});
afterEach(() => {
  const printed = consoleErrors;
  consoleErrors = [];
  if (printed.length > 0)
    throw new Error(`The test printed ${printed.length} console error(s):\n${printed.join('\n')}`);
});
