// What both asset lists' functions read alike (my-assets.ts, public-assets.ts): the search words
// and filters as short texts, the sort, a page of at most 48 (public-asset-media signs at most 48
// assets; the database caps a page at 100) and the cursor the page starts after. Each adds its own.
import { z } from 'zod';

/** A search or filter text; the database reads an unknown value as no match. */
export const filterText = z.string().max(200).optional();

export function assetListInput<Sort extends string>(sorts: readonly [Sort, ...Sort[]]) {
  return z.object({
    query: filterText,
    kind: filterText,
    media: filterText,
    sort: z.enum(sorts).optional(),
    ascending: z.boolean().optional(),
    limit: z.number().int().min(1).max(48),
    // The previous page's `next` (decision 0165); the database checks the key against the sort.
    after: z
      .object({ k: z.string().max(300), id: z.string().uuid() })
      .strict()
      .nullable()
      .optional(),
  });
}
