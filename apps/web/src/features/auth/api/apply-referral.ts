// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';

export interface ReferralResult {
  success: boolean;
  default_referrer_used: boolean;
}

/** RPC apply_referral_on_signup (SPEC §7): p_referral_code '' when missing, p_source default 'email_verification'. */
export async function applyReferralOnSignup(
  userId: string,
  ref: string | null,
  from: string | null,
): Promise<ReferralResult> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('apply_referral_on_signup', {
    p_new_user_id: userId,
    p_referral_code: ref ?? '',
    p_source: from || 'email_verification',
  });
  if (error) throw error;
  const row = (data ?? {}) as Partial<ReferralResult>;
  return { success: row.success === true, default_referrer_used: row.default_referrer_used === true };
}
