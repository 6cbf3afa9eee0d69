// Tells the auth provider when the supabase client module has loaded, whoever loaded it. The
// provider does not load supabase-js for visitors without a stored session (it is 50 KB gzip the
// landing page does not need); it subscribes to auth events as soon as any screen loads the client.
import type { SupabaseClient } from './supabase';

type Listener = (client: SupabaseClient) => void;

let loaded: SupabaseClient | null = null;
const listeners = new Set<Listener>();

export function announceClient(client: SupabaseClient): void {
  loaded = client;
  for (const listener of listeners) listener(client);
  listeners.clear();
}

/** Calls `listener` once the client exists (at once if it already does). Returns an unsubscribe. */
export function whenClientLoads(listener: Listener): () => void {
  if (loaded) {
    listener(loaded);
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** supabase-js's default storage key: `sb-<first DNS label of the API host>-auth-token`. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
