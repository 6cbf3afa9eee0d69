// HTTP → ApiRequest: method + path → action, profile headers → schema, query string, Prefer,
// Accept, Range and body. Pure; knows nothing of the schema.
import { RestError } from '../errors.js';
import { negotiate } from './media-type.js';
import { parsePreferences } from './preferences.js';
import { parseQueryParams, splitQueryString } from './query-params.js';
import { resolveRange } from './range.js';
import type { Action, ApiRequest } from './types.js';

/** Settings that decide what a request may choose (PostgREST's db-schemas and db-plan-enabled). */
export interface ParseOptions {
  /** Exposed schemas; the first is the default profile. */
  schemas: readonly string[];
  /** Whether execution plans may be asked for (Accept: application/vnd.pgrst.plan…). */
  planEnabled: boolean;
}

export const DEFAULT_PARSE_OPTIONS: ParseOptions = { schemas: ['public'], planEnabled: false };

export interface RawRequest {
  method: string;
  /** Path after /rest/v1, e.g. `/todos` or `/rpc/fn`. */
  path: string;
  queryString: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

const header = (h: RawRequest['headers'], name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

export function parseRequest(raw: RawRequest, options: ParseOptions = DEFAULT_PARSE_OPTIONS): ApiRequest {
  const exposedSchemas = options.schemas;
  const method = raw.method.toUpperCase();
  const segments = raw.path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`);
      }
    });
  let action: Action;
  let target: string;
  if (segments[0] === 'rpc' && segments.length === 2) {
    target = segments[1]!;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    action = { kind: 'call', head: method === 'HEAD', readOnlyVerb: method !== 'POST' };
  } else if (segments.length === 1) {
    target = segments[0]!;
    if (method === 'GET' || method === 'HEAD') action = { kind: 'read', head: method === 'HEAD' };
    else if (method === 'POST') action = { kind: 'insert' };
    else if (method === 'PATCH') action = { kind: 'update' };
    else if (method === 'DELETE') action = { kind: 'delete' };
    else throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  } else if (segments.length === 0) {
    throw new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled');
  } else {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }

  const readVerb = method === 'GET' || method === 'HEAD';
  const profile = header(raw.headers, readVerb ? 'accept-profile' : 'content-profile');
  const schema = profile ?? exposedSchemas[0]!;
  if (!exposedSchemas.includes(schema)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposedSchemas.join(', ')}`,
    );
  }

  const prefs = parsePreferences(raw.headers.prefer);
  if (prefs.handling === 'strict' && prefs.invalid.length) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  }
  const accept = negotiate(header(raw.headers, 'accept'), options.planEnabled);
  const query = parseQueryParams(splitQueryString(raw.queryString));
  const rootRange = query.ranges.find((r) => r.embedPath.length === 0);
  const range = resolveRange(readVerb ? header(raw.headers, 'range') : undefined, rootRange);

  return { action, method, target, schema, query, prefs, accept, body: raw.body, range };
}
