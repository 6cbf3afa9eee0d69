// The Storage API serialises its timestamps as JavaScript dates do (`2026-11-23T20:44:33.123Z`);
// PostgreSQL's own JSON form (`…+00:00`, microseconds) differs, and clients that compare or
// parse the strings notice. Every timestamp Storage answers with goes through this expression.

/** SQL for a timestamptz expression rendered as an ISO-8601 UTC string with milliseconds and `Z`. */
export function isoTimestampSql(expr: string): string {
  return `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
