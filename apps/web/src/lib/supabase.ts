// The one supabase-js client of the app. PKCE flow; the anon key comes from the inlined config.
// Imported lazily by lib/auth (and statically by feature api modules, which are themselves lazy),
// so the landing page's initial bundle does not carry supabase-js.
import { createClient } from '@supabase/supabase-js';
import { appConfig } from './app-config';
import { announceClient } from './supabase-ready';

export const supabase = createClient(appConfig.supabaseUrl, appConfig.anonKey || 'missing-anon-key', {
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
