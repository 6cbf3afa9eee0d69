// A user's profile row (user_profiles), as the app reads it: its role and flags decide the guards and the
// menus (SPEC §4). Kept apart from the auth provider so that api modules and tests need no React.
import type { SupabaseClient } from './supabase';

export type Role = 'standard' | 'moderator' | 'admin';

/** The role column is text with a check constraint; anything unexpected counts as the least privileged. */
export function toRole(value: unknown): Role {
  return value === 'admin' || value === 'moderator' ? value : 'standard';
}

export interface UserProfile {
  id: string;
  email: string | null;
  role: Role;
  is_business_user: boolean;
  full_name: string | null;
  avatar_url: string | null;
  [column: string]: unknown;
}

export const PROFILE_TIMEOUT_MS = 5000;

export function normaliseProfile(row: Record<string, unknown> | null): UserProfile | null {
  if (!row || typeof row.id !== 'string') return null;
  const role = toRole(row.role);
  return {
    ...row,
    id: row.id,
    email: typeof row.email === 'string' ? row.email : null,
    role,
    is_business_user: row.is_business_user === true,
    full_name: typeof row.full_name === 'string' ? row.full_name : null,
    avatar_url: typeof row.avatar_url === 'string' ? row.avatar_url : null,
  };
}

/** user_profiles by id, single-or-none; null on error or after 5000 ms (SPEC §4, §9). */
export async function fetchProfile(client: SupabaseClient, userId: string): Promise<UserProfile | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      console.warn('Profile fetch timed out');
      resolve(null);
    }, PROFILE_TIMEOUT_MS);
  });
  const query = (async () => {
    const { data, error } = await client
      .from('user_profiles')
      .select('*')
      .eq('id', userId)
      .abortSignal(AbortSignal.timeout(PROFILE_TIMEOUT_MS))
      .maybeSingle();
    if (error) {
      console.warn('Profile fetch failed:', error.message);
      return null;
    }
    return normaliseProfile(data as Record<string, unknown> | null);
  })().catch(() => null);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
