// The header and the profile show one balance: the shared wallet entry (lib/wallet). A spend
// (tagging, media) marks it stale, and the value the refetch brings is what both screens show —
// the profile used to keep its own copy under another key and showed the old balance after a spend.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountKeys } from '@/features/account/api/keys';
import ProfilePage from '@/features/account/routes/profile-page';
import { refreshAfterSpend } from '@/features/assets/api/refresh-after-spend';
import { StaticAuthProvider } from '@/lib/auth';
import { type UserProfile } from '@/lib/profile';
import { QueryBoundary } from '@/lib/query-boundary';
import { queryClient } from '@/lib/query-client';
import { walletKeys } from '@/lib/wallet';
import SignedInNav from './signed-in-nav';

// Generous waits: the suite shares a busy machine; nothing here asserts on timing.
configure({ asyncUtilTimeout: 5000 });

const user = { id: 'u1', email: 'pat@example.test' } as User;
const profile: UserProfile = {
  id: 'u1',
  email: 'pat@example.test',
  role: 'standard',
  is_business_user: false,
  full_name: 'Pat Doe',
  avatar_url: null,
};

function renderHeaderAndProfile() {
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <>
            <header data-testid="header">
              <SignedInNav />
            </header>
            <main data-testid="profile">
              <ProfilePage />
            </main>
          </>
        ),
      },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <QueryBoundary>
      <StaticAuthProvider value={{ user, profile, initialized: true, loading: false }}>
        <RouterProvider router={router} />
      </StaticAuthProvider>
    </QueryBoundary>,
  );
}

/** Every query a mounted screen observes whose key names a balance. */
function shownBalanceQueries(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (q) => q.getObserversCount() > 0 && q.queryKey.includes('balance') });
}

describe('the balance after a spend', () => {
  // The app's one query client (lib/query-client), as the screens use it. Offline, the queries
  // pause instead of fetching: the test plays the server's answers itself by writing them where a
  // refetch would, and no request leaves jsdom.
  beforeEach(() => onlineManager.setOnline(false));
  afterEach(() => {
    onlineManager.setOnline(true);
    queryClient.clear();
  });

  it('is one cache entry for the header and the profile, refreshed by a spend', async () => {
    queryClient.setQueryData(walletKeys.balance(user.id), { balance: 100, debt: 0 });
    queryClient.setQueryData(accountKeys.profile(user.id), {
      id: 'u1',
      email: 'pat@example.test',
      full_name: 'Pat Doe',
      avatar_url: null,
      phone: null,
      country: null,
      bio: null,
      created_at: '2026-01-05T10:00:00Z',
    });
    renderHeaderAndProfile();

    const header = screen.getByTestId('header');
    const profileMain = screen.getByTestId('profile');
    expect(await within(header).findByTestId('header-balance')).toHaveTextContent('100 TMT');
    expect(await within(profileMain).findByText(/100 TMT/)).toBeInTheDocument();

    // A charge went through (or was refused): the tagging and media screens call refreshAfterSpend.
    void refreshAfterSpend(queryClient);
    const shown = shownBalanceQueries(queryClient);
    expect(shown.length).toBeGreaterThan(0);
    for (const q of shown) expect(q.state.isInvalidated).toBe(true);

    // The refetch of the shared entry answers 60: both screens show it.
    queryClient.setQueryData(walletKeys.balance(user.id), { balance: 60, debt: 0 });
    await waitFor(() => expect(within(header).getByTestId('header-balance')).toHaveTextContent('60 TMT'));
    expect(await within(profileMain).findByText(/60 TMT/)).toBeInTheDocument();
    expect(within(profileMain).queryByText(/100 TMT/)).not.toBeInTheDocument();
  }, 30_000);
});
