// Go duration strings as GoTrue's admin API takes them for ban_duration ("24h", "1h30m", "none").
import { errors } from '../errors.js';

const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** Seconds for a Go duration, or null for "none"; 400 validation_failed when malformed. */
export function parseBanDuration(raw: string): number | null {
  if (raw === 'none') return null;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (const m of raw.matchAll(re)) {
    total += Number(m[1]) * UNIT_SECONDS[m[2]!]!;
    consumed += m[0].length;
  }
  if (!raw || consumed !== raw.length || !Number.isFinite(total) || total > 100 * 365 * 24 * 3600) {
    throw errors.validation('invalid format for ban duration');
  }
  return total;
}
