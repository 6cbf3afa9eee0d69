// The one supabase-js client of the app, typed by the Database types generated from the schema
// (packages/db/generated), so every table, column and RPC the app names is checked by tsc; the answers
// of json-returning functions are typed by their contracts (json-rpc.ts).
// PKCE flow; the anon key comes from the inlined config.
// Imported lazily by lib/auth (and statically by feature api modules, which are themselves lazy),
// so the landing page's initial bundle does not carry supabase-js.
import { createClient } from '@supabase/supabase-js';
import { appConfig } from './app-config';
import type { Database } from './json-rpc';
import { announceClient } from './supabase-ready';

export const supabase = createClient<Database>(appConfig.supabaseUrl, appConfig.anonKey || 'missing-anon-key', {
  auth: {
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: true,
    // Our callback screens read token_hash/code themselves; no implicit URL parsing.
    detectSessionInUrl: false,
  },
});

export type SupabaseClient = typeof supabase;

announceClient(supabase);
