import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchProfile, normaliseProfile, PROFILE_TIMEOUT_MS } from './profile';
import type { SupabaseClient } from './supabase';

/** The smallest object with the query-builder chain fetchProfile uses; `result` decides the outcome. */
function clientAnswering(result: Promise<{ data: unknown; error: unknown }>): SupabaseClient {
  const builder = {
    select: () => builder,
    eq: () => builder,
    abortSignal: () => builder,
    maybeSingle: () => result,
  };
  return { from: () => builder } as unknown as SupabaseClient;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('profile fetch (SPEC §4, §9)', () => {
  it('gives null after 5000 ms when the server does not answer', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pending = fetchProfile(clientAnswering(new Promise(() => {})), 'u1');
    let settled: unknown = 'pending';
    void pending.then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(PROFILE_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeNull();
  });

  it('gives null on an error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await fetchProfile(
      clientAnswering(Promise.resolve({ data: null, error: { message: 'boom' } })),
      'u1',
    );
    expect(result).toBeNull();
  });

  it('normalises the row: a missing role means standard', async () => {
    const result = await fetchProfile(
      clientAnswering(
        Promise.resolve({ data: { id: 'u1', email: 'a@b.c', role: null, is_business_user: null }, error: null }),
      ),
      'u1',
    );
    expect(result).toMatchObject({ id: 'u1', role: 'standard', is_business_user: false, full_name: null });
    expect(normaliseProfile({ id: 'u2', role: 'admin', is_business_user: true })).toMatchObject({
      role: 'admin',
      is_business_user: true,
    });
    expect(normaliseProfile(null)).toBeNull();
  });
});
