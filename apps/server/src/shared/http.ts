// Small HTTP helpers shared by the services.
import type { FastifyRequest } from 'fastify';

/** Lower-cased request headers as a flat string map (for request.headers in SQL). */
export function headerMap(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/**
 * The client IP every per-address limit keys on: the socket address, or — only when TRUST_PROXY
 * names our proxies — the nearest X-Forwarded-For hop those proxies vouch for (Fastify's req.ip).
 */
export function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}
