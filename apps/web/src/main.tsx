import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { AppProvider } from '@/app/provider';
import { preloadScreen } from '@/app/router';
import { installConsoleCapture } from '@/features/bug-report/console-capture';
import { loadAppConfig } from '@/lib/app-config';
import { activateLocale, i18n } from '@/lib/i18n/i18n';
import { initialLocale } from '@/lib/i18n/locales';

// Start recording console activity first, so bug reports include what happened during start-up.
installConsoleCapture();

const locale = initialLocale();
// The screen's chunk and its messages start downloading now, in parallel with the shell's.
preloadScreen(window.location.pathname, locale);

const root = createRoot(document.getElementById('root')!);

// The configuration and the shell's messages in the visitor's language load in parallel; the first render
// needs both (the screen's own messages load with its lazy chunk).
Promise.all([loadAppConfig(), activateLocale(locale)])
  .then(() => {
    root.render(
      <StrictMode>
        <AppProvider />
      </StrictMode>,
    );
  })
  .catch((err: unknown) => {
    console.error(err);
    root.render(
      <p role="alert" style={{ padding: 24 }}>
        {i18n._('The app could not start: its configuration is missing. Reload the page to try again.')}
      </p>,
    );
  });
