// /verify/:serial — one rpc, no third-party calls, works signed out.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { callFunction } from './call-function';
import { assetKeys } from './keys';
import type { VerifyResult } from './types';

export async function verifySerial(serial: string): Promise<VerifyResult> {
  return unwrap(await supabase.rpc('verify_serial', { p_serial: serial })) as VerifyResult;
}

export function useVerifySerial(serial: string) {
  return useQuery({ queryKey: assetKeys.verify(serial), queryFn: () => verifySerial(serial), retry: 1 });
}

/** Asks the server to sign a checkpoint of the chain head (it does so at most once a minute). */
export function requestCheckpoint(): Promise<unknown> {
  return callFunction('ledger-checkpoints', {});
}

export async function verifyChain(): Promise<{ ok: boolean; checked: number; head_seq?: number; first_bad_seq?: number; reason?: string }> {
  return unwrap(await supabase.rpc('verify_asset_ledger', {})) as { ok: boolean; checked: number };
}
