// /verify/:serial — one rpc, no third-party calls, works signed out.
import { useQuery } from '@tanstack/react-query';
import { unwrapJson } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { callFunction } from '@/lib/call-function';
import { assetKeys } from './keys';
import type { VerifyResult } from './types';

export async function verifySerial(serial: string): Promise<VerifyResult> {
  return unwrapJson<VerifyResult>(await supabase.rpc('verify_serial', { p_serial: serial }));
}

export function useVerifySerial(serial: string) {
  return useQuery({ queryKey: assetKeys.verify(serial), queryFn: () => verifySerial(serial), retry: 1 });
}

/** Asks the server to sign a checkpoint of the chain head (it does so at most once a minute). */
export function requestCheckpoint(): Promise<unknown> {
  return callFunction('ledger-checkpoints', {});
}

export interface ChainCheck {
  ok: boolean;
  checked: number;
  head_seq?: number;
  first_bad_seq?: number;
  reason?: string;
}

export async function verifyChain(): Promise<ChainCheck> {
  return unwrapJson<ChainCheck>(await supabase.rpc('verify_asset_ledger', {}));
}
