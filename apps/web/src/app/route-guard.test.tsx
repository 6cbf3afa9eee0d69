import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { StaticAuthProvider, type AuthState } from '@/lib/auth';
import { type Role, type UserProfile } from '@/lib/profile';
import { decideAccess, RouteGuard, type GuardRequirement } from './route-guard';
import { adminRoutes, businessRoutes, moderationRoutes, publicRoutes, signedInRoutes } from './screens';

interface Persona {
  name: string;
  signedIn: boolean;
  profile: { role: Role; business: boolean } | null;
}

const personas: Persona[] = [
  { name: 'anonymous', signedIn: false, profile: null },
  { name: 'signed in without a profile', signedIn: true, profile: null },
  { name: 'standard', signedIn: true, profile: { role: 'standard', business: false } },
  { name: 'standard business', signedIn: true, profile: { role: 'standard', business: true } },
  { name: 'moderator', signedIn: true, profile: { role: 'moderator', business: false } },
  { name: 'moderator business', signedIn: true, profile: { role: 'moderator', business: true } },
  { name: 'admin', signedIn: true, profile: { role: 'admin', business: false } },
  { name: 'admin business', signedIn: true, profile: { role: 'admin', business: true } },
];

function user(id = 'u1'): User {
  return {
    id,
    email: `${id}@example.com`,
    app_metadata: {},
    user_metadata: {},
    aud: 'authenticated',
    created_at: '',
  } as User;
}

function profileFor(p: Persona): UserProfile | null {
  if (!p.profile) return null;
  return {
    id: 'u1',
    email: 'u1@example.com',
    role: p.profile.role,
    is_business_user: p.profile.business,
    full_name: 'Test User',
    avatar_url: null,
  };
}

function stateFor(p: Persona): Pick<AuthState, 'user' | 'profile' | 'loading' | 'initialized'> {
  return { user: p.signedIn ? user() : null, profile: profileFor(p), loading: false, initialized: true };
}

const groups: Array<{ name: string; req: GuardRequirement; paths: string[] }> = [
  { name: 'signed-in', req: {}, paths: signedInRoutes.map((r) => r.path!) },
  { name: 'business', req: { business: true }, paths: businessRoutes.map((r) => r.path!) },
  { name: 'admin', req: { adminOnly: true }, paths: adminRoutes.map((r) => r.path!) },
  { name: 'moderation', req: { moderation: true }, paths: moderationRoutes.map((r) => r.path!) },
];

/** The SPEC §6 rules, written out per persona (independently of decideAccess). */
function expected(p: Persona, group: string): string {
  if (!p.signedIn) return '/auth';
  const role = p.profile?.role ?? 'standard';
  switch (group) {
    case 'signed-in':
      return 'allow';
    case 'business':
      return p.profile?.business ? 'allow' : '/business-upgrade';
    case 'admin':
      return role === 'admin' ? 'allow' : '/unauthorized';
    case 'moderation':
      return role === 'admin' || role === 'moderator' ? 'allow' : '/unauthorized';
    default:
      throw new Error(group);
  }
}

describe('route table', () => {
  it('guards every restricted route of SPEC §2', () => {
    expect(signedInRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/tag',
        '/assets',
        '/wallet',
        '/profile',
        '/settings',
        '/nok',
        '/legacy',
        '/referrals',
        '/news',
      ]),
    );
    // Links in mails to people who may have no account: they explain themselves before any sign-in.
    expect(signedInRoutes.map((r) => r.path)).not.toContain('/nok/accept');
    expect(publicRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/nok/accept', '/transfers/:id', '/mail-preferences']),
    );
    expect(businessRoutes.map((r) => r.path).sort()).toEqual(
      [
        '/business-dashboard',
        '/business/profile',
        '/business/products',
        '/business/products/new',
        '/business/products/:id',
        '/business/products/:id/edit',
        '/business/analytics',
      ].sort(),
    );
    expect(adminRoutes.map((r) => r.path).sort()).toEqual(
      ['/admin', '/admin-influencer-dashboard', '/bug-reports', '/news-management'].sort(),
    );
    expect(moderationRoutes.map((r) => r.path)).toEqual(['/moderator']);
  });
});

describe('decideAccess: every persona against every restricted route', () => {
  for (const group of groups) {
    for (const path of group.paths) {
      for (const p of personas) {
        const want = expected(p, group.name);
        it(`${p.name} → ${path}: ${want}`, () => {
          const got = decideAccess(stateFor(p), group.req);
          if (want === 'allow') expect(got).toEqual({ kind: 'allow' });
          else expect(got).toEqual({ kind: 'redirect', to: want });
        });
      }
    }
  }
});

describe('decideAccess: exact role and loading states', () => {
  it('a required role must match exactly (an admin is not a moderator here)', () => {
    const mod = personas.find((p) => p.name === 'moderator')!;
    const admin = personas.find((p) => p.name === 'admin')!;
    expect(decideAccess(stateFor(mod), { role: 'moderator' })).toEqual({ kind: 'allow' });
    expect(decideAccess(stateFor(admin), { role: 'moderator' })).toEqual({ kind: 'redirect', to: '/unauthorized' });
    expect(decideAccess(stateFor(admin), { role: 'admin' })).toEqual({ kind: 'allow' });
  });

  it("shows 'Loading...' until auth is initialised", () => {
    expect(decideAccess({ user: null, profile: null, loading: true, initialized: false }, {})).toEqual({
      kind: 'loading',
      text: 'Loading...',
    });
  });

  it('waits while a restricted route waits for the profile, saying what it said before the user was known', () => {
    const state = { user: user(), profile: null, loading: true, initialized: true };
    expect(decideAccess(state, { adminOnly: true })).toEqual({ kind: 'loading', text: 'Loading...' });
    expect(decideAccess(state, {})).toEqual({ kind: 'allow' });
  });

  it('keeps the screen during a token refresh of the same user', () => {
    const admin = profileFor(personas.find((p) => p.name === 'admin')!);
    expect(
      decideAccess({ user: user(), profile: admin, loading: true, initialized: true }, { adminOnly: true }),
    ).toEqual({
      kind: 'allow',
    });
  });
});

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? '';
  return (
    <p>
      at {location.pathname} from {from || '-'}
    </p>
  );
}

function renderGuard(auth: Partial<AuthState>, req: GuardRequirement, path: string) {
  const router = createMemoryRouter(
    [
      { element: <RouteGuard {...req} />, children: [{ path, element: <p>secret screen</p> }] },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <StaticAuthProvider value={auth}>
      <RouterProvider router={router} />
    </StaticAuthProvider>,
  );
}

describe('<RouteGuard>', () => {
  it('sends a signed-out visitor to /auth, remembering the page', () => {
    renderGuard({ user: null, initialized: true }, {}, '/wallet');
    expect(screen.getByText('at /auth from /wallet')).toBeInTheDocument();
  });

  it('renders the screen when allowed', () => {
    renderGuard({ user: user(), profile: null, initialized: true }, {}, '/wallet');
    expect(screen.getByText('secret screen')).toBeInTheDocument();
  });

  it('shows the loading texts', () => {
    renderGuard({ initialized: false, loading: true }, {}, '/wallet');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows the loading status for restricted screens while the profile is read', () => {
    renderGuard({ user: user(), profile: null, initialized: true, loading: true }, { adminOnly: true }, '/admin');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends a non-business user to /business-upgrade', () => {
    renderGuard(
      { user: user(), profile: profileFor(personas[2]!), initialized: true },
      { business: true },
      '/business-dashboard',
    );
    expect(screen.getByText('at /business-upgrade from -')).toBeInTheDocument();
  });
});

describe('screenFor (chunk preloading)', () => {
  it('matches static and parameterised paths', async () => {
    const { screenFor } = await import('./screens');
    expect(screenFor('/')?.path).toBe('/');
    expect(screenFor('/auth')?.path).toBe('/auth');
    expect(screenFor('/assets/123')?.path).toBe('/assets/:id');
    expect(screenFor('/assets')?.path).toBe('/assets');
    expect(screenFor('/verify/SN-1')?.path).toBe('/verify/:serialNumber');
    expect(screenFor('/01/09520123456788/10/ABC123/21/12345')?.path).toBe('/01/*');
    expect(screenFor('/01/9520123456788')?.path).toBe('/01/*');
    expect(screenFor('/414/9520123456788')?.path).toBe('/414/*');
    expect(screenFor('/02/9520123456788')).toBeUndefined();
    expect(screenFor('/admin/')?.path).toBe('/admin');
    expect(screenFor('/no/such/page')).toBeUndefined();
  });
});
