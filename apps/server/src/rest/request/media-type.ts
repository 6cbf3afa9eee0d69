// Accept negotiation (§B.4): JSON array (default), single object (vnd.pgrst.object+json), CSV,
// optionally with nulls=stripped. Anything else → 406 PGRST107.
import { RestError } from '../errors.js';
import type { Negotiated } from './types.js';

export function negotiate(accept: string | undefined): Negotiated {
  if (!accept) return { media: 'json', stripNulls: false };
  const candidates = accept.split(',').map((s) => s.trim()).filter(Boolean);
  for (const cand of candidates) {
    const [typeRaw = '', ...params] = cand.split(';').map((s) => s.trim());
    const type = typeRaw.toLowerCase();
    const stripNulls = params.some((p) => p.replace(/\s/g, '').toLowerCase() === 'nulls=stripped');
    if (type === 'application/json' || type === '*/*' || type === 'application/*' || type === 'application/vnd.pgrst.array+json') {
      return { media: 'json', stripNulls: stripNulls && type === 'application/vnd.pgrst.array+json' };
    }
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { media: 'object', stripNulls };
    }
    if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${candidates.join(', ')}`);
}
