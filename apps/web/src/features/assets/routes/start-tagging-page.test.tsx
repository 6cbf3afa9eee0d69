// /start-tagging: signed-out visitors get the capture screen with sign-up/sign-in calls to action
// (carrying `from` so the confirmation callback continues on /tag); signed-in visitors go to /tag.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { StaticAuthProvider } from '@/lib/auth';
import StartTaggingPage, { startTaggingSignUpHref } from './start-tagging-page';

function renderAt(url: string, user: User | null) {
  const router = createMemoryRouter(
    [
      { path: '/start-tagging', element: <StartTaggingPage /> },
      { path: '/tag', element: <h1>Tag Asset</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <StaticAuthProvider value={{ user, initialized: true, loading: false }}>
      <RouterProvider router={router} />
    </StaticAuthProvider>,
  );
  return router;
}

describe('StartTaggingPage', () => {
  it('offers sign-up (continuing on /tag) and sign-in to a signed-out visitor', async () => {
    renderAt('/start-tagging?from=nft-tagging&ref=FRIEND42', null);
    expect(screen.getByRole('heading', { level: 1, name: 'Start tagging' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'What are you tagging?' })).toHaveValue('digital');
    expect(screen.getByRole('link', { name: 'Create a free account to register it' })).toHaveAttribute(
      'href',
      '/signup?from=nft-tagging&ref=FRIEND42',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('derives `from` from the chosen kind when the visitor did not come from a landing', async () => {
    renderAt('/start-tagging', null);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'What are you tagging?' }), 'legacy');
    expect(screen.getByRole('link', { name: 'Create a free account to register it' })).toHaveAttribute(
      'href',
      '/signup?from=mywill-tagging',
    );
  });

  it('rejects a file type /tag would not accept', async () => {
    renderAt('/start-tagging', null);
    await userEvent.upload(
      screen.getByTestId('start-file-input'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      { applyAccept: false },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.txt: this file type is not accepted');
  });

  it('sends a signed-in visitor to /tag', async () => {
    const router = renderAt('/start-tagging?kind=business', { id: 'u1' } as User);
    expect(await screen.findByRole('heading', { name: 'Tag Asset' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tag');
    expect(router.state.location.search).toBe('?kind=business');
  });

  it('builds the sign-up link', () => {
    expect(startTaggingSignUpHref('general', null, null)).toBe('/signup?from=general-tagging');
    expect(startTaggingSignUpHref('business', 'business-tagging', 'R1')).toBe('/signup?from=business-tagging&ref=R1');
    expect(startTaggingSignUpHref('digital', 'home', null)).toBe('/signup?from=nft-tagging');
  });
});
