/**
 * A search term safe to place inside a PostgREST `or=(…ilike.*term*…)` filter: characters that
 * structure the filter (, ( ) " \ :) or act as wildcards (* % _) are replaced by spaces.
 */
export function sanitizeSearch(term: string): string {
  return term
    .replace(/[,()"'\\:*%_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}
