// A page loaded with a stored session (index.html marks it `data-session`): boot.ts runs this before it
// loads the app's own chunk. It asks for the profile and the screen's first data as soon as supabase-js
// is here, so they travel while React loads, starts and renders (issue 29, decision 0168). It resolves
// once they are asked for, not answered. The auth provider takes the profile read from here (lib/profile.ts, takeEarlyProfile)
// and the screen finds its queries in the cache, in flight or done; nothing is asked for twice.
import { loadAppConfig } from '@/lib/app-config';
import { fetchProfile, offerEarlyProfile } from '@/lib/profile';
import { prefetchScreenData } from './screens';

export async function startSignedIn(pathname: string): Promise<void> {
  await loadAppConfig();
  const { supabase } = await import('@/lib/supabase');
  const {
    data: { session },
  } = await supabase.auth.getSession();
  if (!session) return;
  // A password sign-in still waiting for its second factor reads nothing: RLS would refuse it (aal2).
  const { data: aal } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (aal?.currentLevel === 'aal1' && aal.nextLevel === 'aal2') return;
  const userId = session.user.id;
  offerEarlyProfile(userId, fetchProfile(supabase, userId));
  await prefetchScreenData(pathname, userId);
}
