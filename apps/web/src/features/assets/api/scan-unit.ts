// One scan-unit call per visit of a label or serial page: each visit counts as one scan, even when
// React runs the effect twice in development.
import { useEffect, useRef, useState } from 'react';
import type { ScanPage } from '@tagledger/functions-api';
import { callFunction } from '@/lib/call-function';
import { toAppError } from '@/lib/api-error';

/** An empty serial makes no call. */
export function useUnitScan(gtin: string | null, serial: string): { page: ScanPage | null; error: string } {
  const [page, setPage] = useState<ScanPage | null>(null);
  const [error, setError] = useState('');
  const scanned = useRef('');
  useEffect(() => {
    const key = `${gtin ?? ''}/${serial}`;
    if (!serial || scanned.current === key) return;
    scanned.current = key;
    setPage(null);
    setError('');
    callFunction('scan-unit', { gtin, serial })
      .then(setPage)
      .catch((err: unknown) => setError(toAppError(err).message));
  }, [gtin, serial]);
  return { page, error };
}
