// supabase-js loads on first use, so the auth screens paint without it.
import { loadSupabase } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import type { SignUpValues } from '../lib/schemas';

export type SignupSource = 'standard' | 'influencer' | 'business';

export interface SignUpInput extends SignUpValues {
  source: SignupSource;
  referralCode: string | null;
  emailRedirectTo: string;
}

export interface SignUpResult {
  /** True when the server confirmed the account at once and returned a session. */
  signedIn: boolean;
}

export class DuplicateAccountError extends Error {
  readonly code = 'user_already_exists';
  constructor() {
    super('User already registered');
  }
}

/** POST /signup with the metadata contract: full_name, signup_source, business_intent, referral_code, language. */
export async function signUp(input: SignUpInput): Promise<SignUpResult> {
  const supabase = await loadSupabase();
  const data: Record<string, unknown> = {
    full_name: input.fullName,
    signup_source: input.source,
    business_intent: input.source === 'business',
    // The account starts in the language the visitor signed up in; the server writes the
    // confirmation mail in it and keeps it in user_settings.language.
    language: i18n.locale,
  };
  if (input.referralCode) data.referral_code = input.referralCode;
  const { data: result, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data, emailRedirectTo: input.emailRedirectTo },
  });
  if (error) throw error;
  // With enumeration protection the server answers a duplicate with a user that has no identities.
  if (result.user && Array.isArray(result.user.identities) && result.user.identities.length === 0) {
    throw new DuplicateAccountError();
  }
  return { signedIn: Boolean(result.session) };
}
