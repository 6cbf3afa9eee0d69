// Keyset pages of the asset lists (issue 33, decision 0165): the public gallery and My Assets start
// each page after a cursor (the last row's sort key and id), so a deep page is read from an index
// like the first one — no OFFSET that reads every row before it — and the totals stop counting at
// 1,001. Checked on both drivers: walking every page by cursor gives exactly the rows of one
// ordered read, ties included; the plans have no offset and no sort; RLS still limits My Assets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '@tagledger/db';
import {
  asAnon,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

interface Page {
  items: { id: string; title: string; created_at: string; estimated_value: number | null }[];
  next: { k: string; id: string } | null;
  total: number;
  total_capped: boolean;
}
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

const OWNED = 1_200;
const OTHERS = 300;

describe.each(drivers)('keyset asset lists (%s)', (driver) => {
  let t: TestDb;
  let owner: string;
  let other: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    owner = await createAuthUser(t.db, { email: 'keyset-owner@example.test' });
    other = await createAuthUser(t.db, { email: 'keyset-other@example.test' });
    // Ties everywhere: four assets share each creation time, titles repeat every 50 (in mixed
    // case, sorted without it), a third have no value. Half of each owner's assets are public.
    await t.db.query(
      `insert into public.assets (owner_id, submission_id, kind, title, estimated_value, privacy, created_at)
       select case when g <= $3 then $1::uuid else $2::uuid end, gen_random_uuid(), 'general',
         case when g % 2 = 0 then 'Item ' else 'ITEM ' end || lpad((g % 50)::text, 2, '0'),
         case when g % 3 = 0 then null else (g % 40) * 10 end,
         case when g % 2 = 0 then 'public' else 'private' end,
         timestamptz '2026-01-01' + ((g / 4) || ' minutes')::interval
       from generate_series(1, $4::integer) g`,
      [owner, other, OWNED, OWNED + OTHERS],
    );
    await t.db.exec('analyze public.assets');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Every page of a list by cursor, and the pages' answers. */
  async function walk(run: (tx: Tx, after: Page['next']) => Promise<Page>, as: 'anon' | string): Promise<Page[]> {
    const pages: Page[] = [];
    let after: Page['next'] = null;
    do {
      const page: Page = await (as === 'anon'
        ? asAnon(t.db, (tx) => run(tx, after))
        : asUser(t.db, as, (tx) => run(tx, after)));
      pages.push(page);
      after = page.next;
    } while (after && pages.length < 200);
    return pages;
  }

  const mine = (sort: string, ascending: boolean, limit: number) => (tx: Tx, after: Page['next']) =>
    tx
      .query<{ j: Page }>(
        `select public.search_my_assets(p_sort => $1, p_ascending => $2, p_limit => $3, p_after => $4) j`,
        [sort, ascending, limit, after && JSON.stringify(after)],
      )
      .then((r) => r.rows[0]!.j);

  const expected = async (where: string, order: string) =>
    (await t.db.query<{ id: string }>(`select id from public.assets a where ${where} order by ${order}`)).rows.map(
      (r) => r.id,
    );

  it.each([
    ['created_at', false, 'created_at desc, id desc'],
    ['created_at', true, 'created_at asc, id asc'],
    ['title', true, 'lower(title) asc, id asc'],
    ['title', false, 'lower(title) desc, id desc'],
    ['value', true, 'estimated_value asc nulls last, id asc'],
    ['value', false, 'estimated_value desc nulls last, id desc'],
  ] as const)(
    "walks all of the owner's assets by %s (ascending %s) in order, ties included",
    async (sort, asc, order) => {
      const pages = await walk(mine(sort, asc, 100), owner);
      expect(pages).toHaveLength(OWNED / 100);
      expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(await expected(`owner_id = '${owner}'`, order));
      expect(pages.at(-1)!.next).toBeNull();
      // Past 1,000 the total is a floor, the same on every page.
      expect(pages.map((p) => [p.total, p.total_capped])).toEqual(pages.map(() => [1000, true]));
    },
  );

  it('walks the public gallery newest first and by title, and shows every owner’s public assets only', async () => {
    const gallery = (sort: string, ascending: boolean) => (tx: Tx, after: Page['next']) =>
      tx
        .query<{ j: Page }>(
          `select public.search_public_assets(p_sort => $1, p_ascending => $2, p_limit => 48, p_after => $3) j`,
          [sort, ascending, after && JSON.stringify(after)],
        )
        .then((r) => r.rows[0]!.j);
    const newest = await walk(gallery('created_at', false), 'anon');
    expect(newest.flatMap((p) => p.items.map((i) => i.id))).toEqual(
      await expected(`privacy = 'public'`, 'created_at desc, id desc'),
    );
    expect(newest[0]).toMatchObject({ total: (OWNED + OTHERS) / 2, total_capped: false });
    const byTitle = await walk(gallery('title', true), 'anon');
    expect(byTitle.flatMap((p) => p.items.map((i) => i.id))).toEqual(
      await expected(`privacy = 'public'`, 'lower(title) asc, id asc'),
    );
  });

  it('keeps My Assets to the caller under RLS, and a cursor from another list shows nothing of others', async () => {
    const pages = await walk(mine('created_at', false, 100), other);
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(ids).toEqual(await expected(`owner_id = '${other}'`, 'created_at desc, id desc'));
    expect(pages[0]).toMatchObject({ total: OTHERS, total_capped: false });
  });

  it('refuses a malformed cursor', async () => {
    const call = (after: unknown) =>
      asAnon(t.db, (tx) => tx.query(`select public.search_public_assets(p_after => $1)`, [JSON.stringify(after)]));
    for (const bad of [{ k: 1, id: 'x' }, { k: 'a' }, ['a'], 'a']) await expectSqlState(call(bad), '22023');
    await expectSqlState(call({ k: 'a', id: 'not-a-uuid' }), '22P02');
  });

  it.each([
    [false, 'created_at', false, 'assets_owner_created_idx'],
    [false, 'title', true, 'assets_owner_title_idx'],
    [false, 'value', true, 'assets_owner_value_asc_idx'],
    [false, 'value', false, 'assets_owner_value_desc_idx'],
    [true, 'created_at', false, 'assets_public_created_idx'],
    [true, 'title', true, 'assets_public_title_idx'],
  ] as const)(
    'plans a deep page (public %s, by %s, ascending %s) as a walk of %s, with no offset and no sort',
    async (isPublic, sort, ascending, index) => {
      // The cursor of a row deep in the list: the page after it is read from the index onwards.
      const { rows } = await t.db.query<{ sql: string }>('select private.asset_page_sql($1, $2, $3) as sql', [
        isPublic,
        sort,
        ascending,
      ]);
      const deep = JSON.stringify({
        k: sort === 'created_at' ? '2026-01-01 02:00:00+00' : sort === 'title' ? 'item 40' : '200',
        id: '00000000-0000-4000-8000-000000000000',
      });
      const params = [null, null, null, null, deep, 25, ...(isPublic ? [] : [null, null])];
      const explain = async (tx: Pick<Tx, 'query'>) => {
        const r = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) ${rows[0]!.sql}`,
          params,
        );
        return nodes(r.rows[0]!['QUERY PLAN'][0].Plan);
      };
      // The gallery runs as its definer (no RLS); My Assets as the caller, under RLS.
      const plan = isPublic ? await explain(t.db) : await asUser(t.db, owner, explain);
      const types = plan.map((n) => n['Node Type']);
      expect(types).not.toContain('Sort');
      expect(types).not.toContain('Incremental Sort');
      expect(plan).toContainEqual(expect.objectContaining({ 'Index Name': index }));
      expect(rows[0]!.sql).not.toMatch(/offset/i);
    },
  );
});
