// The sign-in / sign-up screen: every sign-up entry opens the sign-up form under its own heading,
// keeps `from` and `ref`, and the heading follows the tab the visitor picks.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StaticAuthProvider } from '@/lib/auth';
import { signUpHref } from '@/lib/signup-context';
import AuthPage from './auth-page';

function renderAt(url: string) {
  const router = createMemoryRouter(
    ['/auth', '/login', '/signup', '/business-auth', '/influencer-signup'].map((path) => ({
      path,
      element: <AuthPage />,
    })),
    { initialEntries: [url] },
  );
  render(
    <StaticAuthProvider value={{ user: null, initialized: true, loading: false }}>
      <RouterProvider router={router} />
    </StaticAuthProvider>,
  );
  return router;
}

const heading = () => screen.getByRole('heading', { level: 1 });

describe('AuthPage', () => {
  it('"Create a free account" opens the sign-up form with its own heading, keeping from and ref', () => {
    const href = signUpHref('nft-tagging', 'FRIEND42');
    const router = renderAt(href);
    expect(heading()).toHaveTextContent('Create your account');
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?from=nft-tagging&ref=FRIEND42');
    expect(screen.getByText(/Referral code FRIEND42 will be applied/)).toBeInTheDocument();
  });

  it('changes the heading with the tab: "Welcome back" for sign-in, the sign-up heading for sign-up', async () => {
    renderAt('/auth');
    expect(heading()).toHaveTextContent('Welcome back');
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(heading()).toHaveTextContent('Create your account');
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(heading()).toHaveTextContent('Welcome back');
  });

  it("drops a sign-up variant's heading and subtitle when the visitor switches to sign-in", async () => {
    renderAt('/business-auth');
    expect(heading()).toHaveTextContent('Business account');
    await userEvent.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(heading()).toHaveTextContent('Welcome back');
    expect(screen.queryByText(/review your request for business features/)).not.toBeInTheDocument();
  });
});
