// Two-factor authentication with TOTP through supabase.auth.mfa: enroll (the server returns the
// QR code as SVG and the secret), verify a code to activate, and unenroll — which the server
// allows only from an aal2 session, so disabling first proves a current code.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toAppError } from '@/lib/api-error';
import { accountKeys } from './keys';
import { i18n } from '@/lib/i18n/i18n';

export interface TotpFactor {
  id: string;
  friendly_name?: string | undefined;
  status: 'verified' | 'unverified';
  created_at: string;
}

export interface Enrollment {
  factorId: string;
  qrCode: string;
  secret: string;
  uri: string;
}

export async function listTotpFactors(): Promise<TotpFactor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw toAppError(error);
  return (data.all ?? []).filter((f) => f.factor_type === 'totp') as TotpFactor[];
}

export const factorsQuery = (userId: string) =>
  queryOptions({ queryKey: accountKeys.factors(userId), queryFn: listTotpFactors });

export function useTotpFactors(userId: string) {
  return useQuery(factorsQuery(userId));
}

/** Starts an enrollment; a half-finished earlier one is removed first so names never clash. */
export async function enrollTotp(): Promise<Enrollment> {
  const existing = await listTotpFactors();
  for (const f of existing.filter((x) => x.status === 'unverified')) {
    await supabase.auth.mfa.unenroll({ factorId: f.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: `Authenticator ${new Date().toISOString().slice(0, 16)}`,
  });
  if (error) throw toAppError(error, i18n._('Could not start two-factor setup'));
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

export async function verifyTotp(factorId: string, code: string): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw toAppError(error, i18n._('That code did not work'));
}

/** Disabling needs aal2: verify a current code first (also upgrades this session), then unenroll. */
export async function disableTotp(factorId: string, code: string): Promise<void> {
  await verifyTotp(factorId, code);
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw toAppError(error, i18n._('Could not turn off two-factor authentication'));
  // The session is still marked aal2 until refreshed; refresh so the app sees the new level.
  await supabase.auth.refreshSession();
}

export async function cancelEnrollment(factorId: string): Promise<void> {
  await supabase.auth.mfa.unenroll({ factorId });
}

function useFactorMutation<T, R>(userId: string, fn: (arg: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.factors(userId) }),
  });
}

export const useEnrollTotp = (userId: string) => useFactorMutation(userId, () => enrollTotp());
export const useVerifyTotp = (userId: string) =>
  useFactorMutation(userId, (v: { factorId: string; code: string }) => verifyTotp(v.factorId, v.code));
export const useDisableTotp = (userId: string) =>
  useFactorMutation(userId, (v: { factorId: string; code: string }) => disableTotp(v.factorId, v.code));
export const useCancelEnrollment = (userId: string) =>
  useFactorMutation(userId, (factorId: string) => cancelEnrollment(factorId));
