// /verify/:serial — one function call fills the page (issue 18): the verdict and, for a serial a
// business label can carry, the unit's scan page (server: functions/verify-serial.ts). No
// third-party calls, works signed out. A plain hook rather than TanStack Query, so the page does
// not download the query library just for one request.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScanPage } from '@tagledger/functions-api';
import { unwrap } from '@/lib/api-error';
import type { VerifyResult } from './types';
import { knownSize } from '../lib/log-check';

// supabase-js (50 KB gzip) is not needed to paint or hydrate the page, only for its request, and it
// cannot load in the build-time render (src/prerender.tsx): it loads with the first request, which
// the page makes once hydrated. Not earlier: loading it tells the auth provider the client exists,
// and that update reaching the screen while React still hydrates it would make React drop the
// prerendered screen for its loading fallback (the footer jumped: a layout shift).
const api = () => import('@/lib/call-function');
const client = () => import('@/lib/supabase');

export interface SerialCheck {
  verdict: VerifyResult;
  unit: ScanPage | null;
  /** Each match's public log proof bundle, by asset id (checked in the browser: lib/log-check.ts). */
  proofs: Record<string, unknown>;
}

export async function checkSerial(serial: string): Promise<SerialCheck> {
  const { callFunction } = await api();
  const page = await callFunction('verify-serial', { serial, knownSize: knownSize() });
  return { verdict: page.verdict, unit: page.unit, proofs: page.proofs ?? {} };
}

/** The verdict alone (the rpc, no scan recorded): used to re-check after a checkpoint is signed. */
export async function verifySerial(serial: string): Promise<VerifyResult> {
  const { supabase } = await client();
  return unwrap(await supabase.rpc('verify_serial', { p_serial: serial }));
}

export type SerialCheckState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'done'; data: SerialCheck };

/**
 * Checks `serial` once per visit (each call records a unit scan, so React's development double
 * effect must not call twice). `retry` checks again; `refreshVerdict` re-reads only the verdict.
 */
export function useSerialCheck(serial: string) {
  const [state, setState] = useState<SerialCheckState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef('');
  useEffect(() => {
    const key = `${attempt}:${serial}`;
    if (started.current === key) return;
    started.current = key;
    setState({ status: 'loading' });
    // Only the latest serial's (or retry's) answer lands.
    checkSerial(serial).then(
      (data) => started.current === key && setState({ status: 'done', data }),
      (error: unknown) => started.current === key && setState({ status: 'error', error }),
    );
  }, [serial, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const refreshVerdict = useCallback(
    () =>
      verifySerial(serial).then((verdict) =>
        setState((s) => (s.status === 'done' ? { status: 'done', data: { ...s.data, verdict } } : s)),
      ),
    [serial],
  );
  return { state, retry, refreshVerdict };
}

/** Asks the server to sign a checkpoint of the chain head (it does so at most once a minute). */
export async function requestCheckpoint(): Promise<unknown> {
  const { callFunction } = await api();
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
  const { supabase } = await client();
  return unwrap(await supabase.rpc('verify_asset_ledger', {}));
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    verify_serial: VerifyResult;
    verify_asset_ledger: ChainCheck;
  }
}
