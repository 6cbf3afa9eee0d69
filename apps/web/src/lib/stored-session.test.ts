import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appConfig } from './app-config';
import { readStoredSession } from './stored-session';
import { authStorageKey } from './supabase-ready';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A token whose payload carries these claims (the signature is not looked at here: the server checks it). */
function jwt(claims: Record<string, unknown>): string {
  const part = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'ES256' })}.${part(claims)}.signature`;
}

function store(session: unknown): void {
  localStorage.setItem(authStorageKey(appConfig.supabaseUrl), JSON.stringify(session));
}

const session = (over: Record<string, unknown> = {}, user: Record<string, unknown> = {}) => ({
  access_token: jwt({ sub: 'user-1', aal: 'aal1' }),
  refresh_token: 'refresh',
  expires_at: seconds(NOW) + 3600,
  user: { id: 'user-1', factors: [], ...user },
  ...over,
});

describe('readStoredSession', () => {
  const saved = { ...appConfig };
  beforeEach(() => Object.assign(appConfig, { supabaseUrl: 'https://app.example', anonKey: 'anon' }));
  afterEach(() => {
    Object.assign(appConfig, saved);
    localStorage.clear();
  });

  it('reads the token and the user of the session supabase-js stored', () => {
    const stored = session();
    store(stored);
    const read = readStoredSession(NOW);
    expect(read?.access_token).toBe(stored.access_token);
    expect(read?.user.id).toBe('user-1');
    expect(read).toEqual(stored);
  });

  it('leaves a token about to be refreshed to the app (90 s or less left), and an expired one', () => {
    store(session({ expires_at: seconds(NOW) + 90 }));
    expect(readStoredSession(NOW)).toBeNull();
    store(session({ expires_at: seconds(NOW) - 10 }));
    expect(readStoredSession(NOW)).toBeNull();
    store(session({ expires_at: seconds(NOW) + 91 }));
    expect(readStoredSession(NOW)).not.toBeNull();
  });

  it('asks nothing for a user whose second factor is still to be given', () => {
    const factors = [{ id: 'f', status: 'verified', factor_type: 'totp' }];
    store(session({}, { factors }));
    expect(readStoredSession(NOW)).toBeNull();
    store(session({ access_token: jwt({ sub: 'user-1', aal: 'aal2' }) }, { factors }));
    expect(readStoredSession(NOW)?.user.id).toBe('user-1');
    // A factor never verified does not count.
    store(session({}, { factors: [{ id: 'f', status: 'unverified' }] }));
    expect(readStoredSession(NOW)?.user.id).toBe('user-1');
  });

  it('is null without a session, with one it cannot read, and before the configuration is known', () => {
    expect(readStoredSession(NOW)).toBeNull();
    localStorage.setItem(authStorageKey(appConfig.supabaseUrl), '{not json');
    expect(readStoredSession(NOW)).toBeNull();
    store({ access_token: 42, user: { id: 'user-1' }, expires_at: seconds(NOW) + 3600 });
    expect(readStoredSession(NOW)).toBeNull();
    // Without a refresh token supabase-js drops the session: so is it here.
    store(session({ refresh_token: undefined }));
    expect(readStoredSession(NOW)).toBeNull();
    store(session({ access_token: 'not-a-jwt' }, { factors: [{ status: 'verified' }] }));
    expect(readStoredSession(NOW)).toBeNull();
    store(session());
    Object.assign(appConfig, { anonKey: '' });
    expect(readStoredSession(NOW)).toBeNull();
  });
});
