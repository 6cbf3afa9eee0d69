// The management screen guards itself (SPEC §2: "guarded inside the screen itself"), whatever
// route table mounts it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StaticAuthProvider } from '@/lib/auth';
import { type UserProfile } from '@/lib/profile';
import NewsManagementPage from './news-management-page';

// Generous waits: the suite shares a busy machine; nothing here asserts on timing.
configure({ asyncUtilTimeout: 5000 });

function renderAs(value: { user: User | null; profile: UserProfile | null }) {
  const router = createMemoryRouter(
    [
      { path: '/news-management', element: <NewsManagementPage /> },
      { path: '/unauthorized', element: <p>unauthorized screen</p> },
      { path: '/auth', element: <p>sign-in screen</p> },
    ],
    { initialEntries: ['/news-management'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StaticAuthProvider value={{ ...value, initialized: true, loading: false }}>
        <RouterProvider router={router} />
      </StaticAuthProvider>
    </QueryClientProvider>,
  );
}

const user = { id: 'u1', email: 'u@example.test' } as User;
const profile = (role: UserProfile['role']) =>
  ({
    id: 'u1',
    email: 'u@example.test',
    role,
    is_business_user: false,
    full_name: null,
    avatar_url: null,
  }) as UserProfile;

describe('NewsManagementPage guard', () => {
  it('sends a signed-out visitor to sign in', async () => {
    renderAs({ user: null, profile: null });
    expect(await screen.findByText('sign-in screen')).toBeInTheDocument();
  });

  it.each(['standard', 'moderator'] as const)('sends a %s user to /unauthorized', async (role) => {
    renderAs({ user, profile: profile(role) });
    expect(await screen.findByText('unauthorized screen')).toBeInTheDocument();
    expect(screen.queryByText('News Management')).not.toBeInTheDocument();
  });
});
