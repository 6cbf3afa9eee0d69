// The second entry script of index.html (the page of every screen that is not prerendered), which runs
// before the app's (vite.config.ts, earlyEntry): a returning user's page asks for its first data at once,
// while the app's own code is still being loaded and compiled (app/first-requests.ts, decision 0177).
// Without a stored session it does nothing.
import { sendFirstRequests } from '@/app/first-requests';

if (document.documentElement.dataset.session !== undefined) sendFirstRequests(location.pathname);
