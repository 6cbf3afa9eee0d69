// Accept negotiation (§B.4): JSON array (default), single object (vnd.pgrst.object+json), CSV,
// optionally with nulls=stripped, and — when REST_PLAN_ENABLED — execution plans
// (vnd.pgrst.plan+json|text; for="<media>"; options=analyze|verbose|…). Anything else → 406 PGRST107.
import { RestError } from '../errors.js';
import { PLAN_OPTIONS, type Negotiated, type PlanOption } from './types.js';

const PLAN_TYPE = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/;

/** The parameters after `;`, names lower-cased and quotes removed: `for="application/json"`. */
function mediaParams(params: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq > 0)
      out.set(
        p.slice(0, eq).trim().toLowerCase(),
        p
          .slice(eq + 1)
          .trim()
          .replace(/^"|"$/g, ''),
      );
  }
  return out;
}

export function negotiate(accept: string | undefined, planEnabled = false): Negotiated {
  if (!accept) return { media: 'json', stripNulls: false };
  const candidates = accept
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cand of candidates) {
    const [typeRaw = '', ...params] = cand.split(';').map((s) => s.trim());
    const type = typeRaw.toLowerCase();
    const plan = planEnabled ? PLAN_TYPE.exec(type) : null;
    if (plan) {
      const p = mediaParams(params);
      const target = negotiate(p.get('for') || 'application/json');
      const options = (p.get('options') ?? '')
        .split('|')
        .filter((o): o is PlanOption => (PLAN_OPTIONS as readonly string[]).includes(o));
      return { ...target, plan: { format: plan[1] === 'text' ? 'text' : 'json', options } };
    }
    const stripNulls = params.some((p) => p.replace(/\s/g, '').toLowerCase() === 'nulls=stripped');
    if (
      type === 'application/json' ||
      type === '*/*' ||
      type === 'application/*' ||
      type === 'application/vnd.pgrst.array+json'
    ) {
      return { media: 'json', stripNulls: stripNulls && type === 'application/vnd.pgrst.array+json' };
    }
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { media: 'object', stripNulls };
    }
    if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${candidates.join(', ')}`);
}
