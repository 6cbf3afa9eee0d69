// RESPOND: status (200/201/204/206/416), Content-Range, Content-Type and body by negotiated media.
import { RestError } from '../errors.js';
import type { ActionPlan } from '../plan/types.js';
import type { Negotiated } from '../request/types.js';
import { appliedPreferences } from '../request/preferences.js';
import { contentRange } from '../request/range.js';
import type { ResultRow } from '../execute/main-tx.js';

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** PostgREST's range status: 416 past the end, 206 for a partial page, else 200. */
function rangeStatus(offset: number, returned: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) return 416;
  if (returned < total) return 206;
  return 200;
}

/** Applies `response.status` / `response.headers` set by the statement (PostgREST §B.1 step 10). */
function applyOverrides(res: RestResponse, row: ResultRow): RestResponse {
  if (row.response_status) {
    const status = Number(row.response_status);
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw new RestError(
        500,
        'PGRST112',
        'Invalid response.status GUC',
        `${row.response_status} is not a valid status code`,
      );
    }
    res.status = status;
  }
  if (row.response_headers) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed) || !parsed.every((h) => h && typeof h === 'object' && Object.keys(h).length === 1)) {
      throw new RestError(
        500,
        'PGRST111',
        'Invalid response.headers GUC',
        'response.headers must be a JSON array of single-key objects',
      );
    }
    for (const h of parsed as Record<string, unknown>[]) {
      const [k, v] = Object.entries(h)[0]!;
      if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k)) res.headers[k.toLowerCase()] = String(v).replace(/[\r\n]/g, ' ');
    }
  }
  return res;
}

export function buildResponse(ap: ActionPlan, row: ResultRow, applied: { tx: boolean } = { tx: false }): RestResponse {
  return applyOverrides(buildBaseResponse(ap, row, applied.tx), row);
}

function buildBaseResponse(ap: ActionPlan, row: ResultRow, txApplied: boolean): RestResponse {
  const { plan, output } = ap;
  const headers: Record<string, string> = {};
  const applied = appliedPreferences(ap.prefs, { tx: txApplied, count: true });
  if (applied) headers['preference-applied'] = applied;
  const media = output.accept.media;
  const contentType = media === 'object' ? OBJECT_TYPE : media === 'csv' ? 'text/csv; charset=utf-8' : JSON_TYPE;
  // CSV bodies come rendered from the query (csvBodySql), JSON ones as text: sent as they are.
  const render = (body: string | null) => body ?? undefined;
  const total = row.total;

  if (
    plan.kind === 'read' ||
    (plan.kind === 'call' && plan.shape !== 'void' && plan.shape !== 'scalar' && plan.shape !== 'composite')
  ) {
    const offset = ap.range.offset;
    const status = rangeStatus(offset, row.page_total, total);
    if (status === 416) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        null,
        {
          'content-range': `*/${total}`,
        },
      );
    }
    headers['content-range'] = contentRange(offset, row.page_total, total ?? undefined);
    headers['content-type'] = contentType;
    return { status, headers, body: output.wantBody ? render(row.body) : undefined };
  }
  if (plan.kind === 'call') {
    if (plan.shape === 'void') return { status: 204, headers, body: undefined };
    // One result (a scalar or a composite) is one row: PostgREST's range and, when asked, its count.
    headers['content-range'] = `0-0/${ap.prefs.count ? 1 : '*'}`;
    headers['content-type'] = media === 'object' ? OBJECT_TYPE : JSON_TYPE;
    return { status: 200, headers, body: output.wantBody ? (row.body ?? 'null') : undefined };
  }
  // Writes.
  const count = ap.prefs.count ? row.page_total : undefined;
  if (plan.kind === 'insert') {
    headers['content-range'] = `*/${count ?? '*'}`;
    // §B.5.3: a merge upsert whose rows were all updates answers 200, otherwise 201.
    const created =
      row.inserted === undefined || row.inserted === null || row.inserted > 0 || row.page_total === 0 ? 201 : 200;
    if (ap.prefs.return === 'headers-only' && plan.locationColumns.length && row.page_total === 1 && row.body) {
      const first = (JSON.parse(row.body) as Record<string, unknown>[])[0] ?? {};
      const q = plan.locationColumns
        .map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(first[c]))}`)
        .join('&');
      headers.location = `/${plan.table.name}?${q}`;
      return { status: created, headers, body: undefined };
    }
    if (output.wantBody) {
      headers['content-type'] = contentType;
      return { status: created, headers, body: render(row.body) };
    }
    return { status: created, headers, body: undefined };
  }
  headers['content-range'] = row.page_total ? `0-${row.page_total - 1}/${count ?? '*'}` : `*/${count ?? '*'}`;
  if (output.wantBody) {
    headers['content-type'] = contentType;
    return { status: 200, headers, body: render(row.body) };
  }
  return { status: 204, headers, body: undefined };
}

const MEDIA_NAMES = { json: 'application/json', object: 'application/vnd.pgrst.object+json', csv: 'text/csv' };

/** The plan as PostgREST sends it: JSON as EXPLAIN gave it, text one line per plan row. */
export function explainResponse(accept: Negotiated, lines: unknown[]): RestResponse {
  const format = accept.plan?.format ?? 'json';
  const first = lines[0];
  const body = format === 'json' ? (typeof first === 'string' ? first : JSON.stringify(first ?? [])) : lines.join('\n');
  return {
    status: 200,
    headers: {
      'content-type': `application/vnd.pgrst.plan+${format}; for="${MEDIA_NAMES[accept.media]}"; charset=utf-8`,
    },
    body,
  };
}
