import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { profileKnown, StaticAuthProvider } from '@/lib/auth';
import { type Role, type UserProfile } from '@/lib/profile';
import { Header } from './header';
import { navItemsFor, profileMenuItemsFor } from './nav-items';
import { SignedInHeaderView } from './signed-in-nav';

function profile(role: Role, business = false): UserProfile {
  return {
    id: 'u1',
    email: 'u1@example.com',
    role,
    is_business_user: business,
    full_name: 'Pat Doe',
    avatar_url: null,
  };
}

const BASE = ['Dashboard', 'Tag Asset', 'My Assets', 'News', 'Wallet', 'NOK'];

const cases: Array<{ name: string; profile: UserProfile | null; links: string[]; panel: string[] }> = [
  { name: 'no profile', profile: null, links: [...BASE, 'Public Assets'], panel: [] },
  { name: 'standard', profile: profile('standard'), links: [...BASE, 'Referrals', 'Public Assets'], panel: [] },
  {
    name: 'business',
    profile: profile('standard', true),
    links: [...BASE, 'Referrals', 'Business', 'Public Assets'],
    panel: [],
  },
  {
    name: 'moderator',
    profile: profile('moderator'),
    links: [...BASE, 'Referrals', 'Moderator', 'Public Assets'],
    panel: ['Moderator Panel'],
  },
  {
    name: 'admin',
    profile: profile('admin'),
    links: [...BASE, 'Referrals', 'Admin Dashboard', 'Bug Reports', 'News Management', 'Public Assets'],
    panel: ['Admin Panel'],
  },
  {
    name: 'admin with business',
    profile: profile('admin', true),
    links: [...BASE, 'Referrals', 'Business', 'Admin Dashboard', 'Bug Reports', 'News Management', 'Public Assets'],
    panel: ['Admin Panel'],
  },
];

function inDocumentOrder(els: HTMLElement[]): HTMLElement[] {
  return [...els].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

function inRouter(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/dashboard'] });
  return render(<RouterProvider router={router} />);
}

describe('header items per role (SPEC §2 table)', () => {
  for (const c of cases) {
    it(`${c.name}: header links and profile menu`, async () => {
      expect(navItemsFor(c.profile).map((i) => i.label)).toEqual(c.links);
      const onSignOut = vi.fn();
      inRouter(<SignedInHeaderView profile={c.profile} email="u1@example.com" balance={1250} onSignOut={onSignOut} />);
      const user = userEvent.setup();
      const nav = screen.getByRole('navigation', { name: 'Main' });
      // The admin pages sit in the desktop row's "Admin" dropdown: open it (by keyboard) to see every item.
      const adminGroup = within(nav).queryByRole('button', { name: 'Admin' });
      expect(adminGroup !== null).toBe(c.profile?.role === 'admin');
      if (adminGroup) {
        adminGroup.focus();
        await user.keyboard('{Enter}');
        await within(nav).findAllByRole('menuitem');
      }
      const entries = inDocumentOrder([...within(nav).getAllByRole('link'), ...within(nav).queryAllByRole('menuitem')]);
      expect(entries.map((a) => a.textContent)).toEqual(c.links);
      expect(entries.map((a) => a.getAttribute('href'))).toEqual(navItemsFor(c.profile).map((i) => i.to));
      if (adminGroup) {
        await user.keyboard('{Escape}');
        expect(within(nav).queryAllByRole('menuitem')).toEqual([]);
        expect(adminGroup).toHaveFocus();
      }
      expect(screen.getByTestId('header-balance')).toHaveTextContent('1,250 TMT');

      await user.click(screen.getByRole('button', { name: 'Profile menu' }));
      const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
      expect(items).toEqual(['Profile', 'Settings', ...c.panel, 'Sign Out']);
      await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
      expect(onSignOut).toHaveBeenCalledOnce();
    });
  }

  it('links /legacy from the header and the profile menu for a named next of kin only', async () => {
    expect(navItemsFor(profile('standard'), { legacy: true }).map((i) => i.label)).toEqual([
      ...BASE,
      'Legacy',
      'Referrals',
      'Public Assets',
    ]);
    inRouter(
      <SignedInHeaderView
        profile={profile('standard')}
        email="k@example.com"
        balance={0}
        legacy
        onSignOut={() => {}}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Legacy' })).toHaveAttribute('href', '/legacy');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Profile',
      'Settings',
      'Legacy',
      'Sign Out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Legacy' })).toHaveAttribute('href', '/legacy');
  });

  it('the profile menu links go to /profile, /settings and the panel', () => {
    expect(profileMenuItemsFor(profile('admin')).map((i) => i.to)).toEqual(['/profile', '/settings', '/admin']);
    expect(profileMenuItemsFor(profile('moderator')).map((i) => i.to)).toEqual(['/profile', '/settings', '/moderator']);
  });

  it('the phone menu lists the same links', async () => {
    inRouter(
      <SignedInHeaderView profile={profile('moderator')} email="m@example.com" balance={0} onSignOut={() => {}} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(cases[3]!.links);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('shows a debt beside the balance, and says what it means', () => {
    inRouter(<SignedInHeaderView profile={null} email="x@example.com" balance={0} debt={20} onSignOut={() => {}} />);
    const chip = screen.getByTestId('header-balance');
    expect(chip).toHaveTextContent('0 TMT · 20 TMT owed');
    expect(chip).toHaveAccessibleName('Wallet balance: 0 TMT. You owe 20 TMT; your next purchase pays it first.');
    expect(chip).toHaveAttribute('href', '/wallet');
  });

  it('shows 0 TMT while the balance is unknown', () => {
    inRouter(<SignedInHeaderView profile={null} email="x@example.com" balance={undefined} onSignOut={() => {}} />);
    expect(screen.getByTestId('header-balance')).toHaveTextContent('0 TMT');
  });
});

describe('signed-out header', () => {
  it('offers Tag Asset and Sign In, and the logo links home', () => {
    inRouter(
      <StaticAuthProvider value={{ user: null, initialized: true }}>
        <Header />
      </StaticAuthProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Tag Asset', '/tag'],
      ['Sign In', '/auth'],
    ]);
    expect(screen.getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/');
  });

  it('before auth is initialised, shows the signed-out links marked as a guess (decision 0133)', () => {
    // The prerendered pages carry this state; index.html hides the guess when a session is stored,
    // so a signed-in user gets no flash of Sign In (checked in a real browser by e2e on-demand.spec.ts).
    inRouter(
      <StaticAuthProvider value={{ user: null, initialized: false }}>
        <Header />
      </StaticAuthProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveAttribute('data-signed-out-guess');
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('once signed out is known, the links are no longer a guess', () => {
    inRouter(
      <StaticAuthProvider value={{ user: null, initialized: true }}>
        <Header />
      </StaticAuthProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toHaveAttribute('data-signed-out-guess');
  });
});

describe('signed-in header while the profile is read', () => {
  const user = { id: 'u1', email: 'u1@example.com' } as User;

  it('keeps the links’ place empty until the profile says which links (no guess, then a change)', () => {
    inRouter(
      <StaticAuthProvider value={{ user, profile: null, initialized: true, loading: true }}>
        <Header />
      </StaticAuthProvider>,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('knows the profile once read, or once known to be missing (the standard role)', () => {
    const state = { user, initialized: true };
    expect(profileKnown({ ...state, profile: null, loading: true })).toBe(false);
    expect(profileKnown({ ...state, profile: profile('admin'), loading: true })).toBe(true); // a token refresh
    expect(profileKnown({ ...state, profile: null, loading: false })).toBe(true);
    expect(profileKnown({ user: null, profile: null, initialized: true, loading: false })).toBe(true);
    expect(profileKnown({ user: null, profile: null, initialized: false, loading: true })).toBe(false);
  });
});
