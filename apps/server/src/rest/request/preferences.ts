// Prefer header (§B.4): several comma-separated preferences, possibly over repeated headers.
import type { Preferences } from './types.js';

export function parsePreferences(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { invalid: [] };
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of raw.split(',')) {
    const p = part.trim();
    if (!p) continue;
    const [k, v = ''] = p.split('=', 2).map((s) => s.trim()) as [string, string?];
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefs.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) prefs.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) prefs.missing = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) prefs.handling = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) prefs.tx = v;
    else if (k === 'max-affected' && /^\d{1,15}$/.test(v)) prefs.maxAffected = Number(v);
    else if (k === 'timezone' && /^[A-Za-z0-9_+\-/:]{1,64}$/.test(v)) prefs.timezone = v;
    else if (k === 'params' && v === 'single-object')
      continue; // removed upstream; ignored
    else prefs.invalid.push(p);
  }
  return prefs;
}

/** The Preference-Applied header value for what this server honoured. */
export function appliedPreferences(p: Preferences, applied: { tx: boolean; count: boolean }): string | undefined {
  const out: string[] = [];
  if (p.resolution) out.push(`resolution=${p.resolution}`);
  if (p.missing) out.push(`missing=${p.missing}`);
  if (p.return) out.push(`return=${p.return}`);
  if (p.count && applied.count) out.push(`count=${p.count}`);
  if (p.tx && applied.tx) out.push(`tx=${p.tx}`);
  if (p.handling) out.push(`handling=${p.handling}`);
  if (p.maxAffected !== undefined) out.push(`max-affected=${p.maxAffected}`);
  if (p.timezone) out.push(`timezone=${p.timezone}`);
  return out.length ? out.join(', ') : undefined;
}
