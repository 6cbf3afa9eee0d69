// Range header + limit/offset → one window (§B.3.5), and the Content-Range helpers.
import { RestError } from '../errors.js';

export const DB_MAX_ROWS = 1000;

/** `Range: 0-9` (items); intersected with limit/offset from the query string. */
export function resolveRange(
  header: string | undefined,
  query: { limit?: number; offset?: number } | undefined,
): { offset: number; limit?: number } {
  let offset = query?.offset ?? 0;
  let limit = query?.limit;
  if (header) {
    const m = /^(?:items=)?\s*(\d+)-(\d*)$/.exec(header.trim());
    if (m) {
      const from = Number(m[1]);
      const to = m[2] ? Number(m[2]) : undefined;
      if (to !== undefined && to < from) {
        throw new RestError(
          416,
          'PGRST103',
          'Requested range not satisfiable',
          `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
        );
      }
      // Intersection of [offset, offset+limit) with [from, to].
      const start = Math.max(offset, from);
      const endQ = limit !== undefined ? offset + limit : Infinity;
      const endH = to !== undefined ? to + 1 : Infinity;
      const end = Math.min(endQ, endH);
      offset = start;
      limit = end === Infinity ? undefined : Math.max(0, end - start);
    }
  }
  return { offset, ...(limit !== undefined ? { limit } : {}) };
}

export function contentRange(offset: number, returned: number, total: number | undefined): string {
  const t = total === undefined ? '*' : String(total);
  if (returned === 0) return `*/${t}`;
  return `${offset}-${offset + returned - 1}/${t}`;
}
