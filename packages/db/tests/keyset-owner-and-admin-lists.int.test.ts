// Keyset pages of the lists decision 0165 left on OFFSET (issue 33, decision 0169): the business's
// products, the admins' users and bug reports, and a referrer's people. Each page starts after a
// cursor (the last row's time and id), newest first. Checked on both drivers: walking every page by
// cursor gives exactly the rows of one ordered read, ties included; a deep page's plan walks the
// list's index with no offset and no sort; malformed cursors are refused; and the lists keep to who
// may read them.
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
interface Page<T = { id: string }> {
  items: T[];
  next: Cursor | null;
  total: number;
  total_capped: boolean;
}

/** Every page from `read`, following each page's cursor to the next. */
async function walk<P extends Page<unknown>>(read: (after: Cursor | null) => Promise<P>): Promise<P[]> {
  const pages: P[] = [];
  let after: Cursor | null = null;
  do {
    const page = await read(after);
    pages.push(page);
    after = page.next;
  } while (after && pages.length < 200);
  return pages;
}

const PRODUCTS = 230;
const USERS = 1_050;
const REPORTS = 4_000;

describe.each(drivers)('keyset lists of owners and admins (%s)', (driver) => {
  let t: TestDb;
  let brand: string;
  let rival: string;
  let admin: string;
  let moderator: string;
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
    admin = await createAuthUser(t.db, { role: 'admin' });
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    // Five accounts share each sign-up time; more than 1,000 in all, so the total is capped.
    await t.db.query(
      `insert into auth.users (id, email, email_confirmed_at, created_at)
       select gen_random_uuid(), 'keyset-' || g || '@example.test', case when g % 3 = 0 then null else now() end,
              timestamptz '2025-01-01' + ((g / 5) || ' minutes')::interval
         from generate_series(1, $1::integer) g`,
      [USERS],
    );
    await t.db.exec('analyze auth.users');
    // Bug reports: four of each instant, statuses in turn, a fifth of them sent by the brand's owner.
    await t.db.query(
      `insert into public.bug_reports (user_id, error_message, status, created_at)
       select case when g % 5 = 0 then $1::uuid end, 'Report ' || g,
              (array['new', 'triaged', 'in_progress', 'resolved', 'wont_fix'])[1 + g % 5],
              timestamptz '2026-03-01' + ((g / 4) || ' minutes')::interval
         from generate_series(1, $2::integer) g`,
      [brand, REPORTS],
    );
    await t.db.exec('analyze public.bug_reports');
    // The brand's owner referred every account above (three of each instant, each with its own
    // reward, so the order shows); the rival referred thirty of them at the next level.
    await t.db.query(
      `insert into public.referrals (referrer_id, referred_id, level, reward, created_at)
       select $1::uuid, u.id, 1, row_number() over (order by u.email),
              timestamptz '2025-06-01' + ((row_number() over (order by u.email) / 3) || ' minutes')::interval
         from auth.users u where u.email like 'keyset-%'`,
      [brand],
    );
    await t.db.query(
      `insert into public.referrals (referrer_id, referred_id, level, reward)
       select $1::uuid, u.id, 2, 7 from auth.users u where u.email like 'keyset-%' order by u.email limit 30`,
      [rival],
    );
    await t.db.exec('analyze public.referrals');
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

  describe('admin users (admin_list_users)', () => {
    const list = (user: string, after: Cursor | null, limit = 100, confirmed: boolean | null = null) =>
      asUser(t.db, user, (tx) =>
        tx.query<{ j: Page }>('select public.admin_list_users(p_confirmed => $1, p_limit => $2, p_after => $3) as j', [
          confirmed,
          limit,
          after && JSON.stringify(after),
        ]),
      ).then((r) => r.rows[0]!.j);
    const ordered = async (where = 'true') =>
      (
        await t.db.query<{ id: string }>(
          `select u.id from auth.users u join public.user_profiles p on p.id = u.id where ${where}
            order by u.created_at desc, u.id desc`,
        )
      ).rows.map((r) => r.id);

    it('walks every account newest first by cursor, ties included, with a total capped at 1,000', async () => {
      const pages = await walk((after) => list(admin, after));
      const all = await ordered();
      expect(all.length).toBeGreaterThan(1000);
      expect(pages).toHaveLength(Math.ceil(all.length / 100));
      expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(all);
      expect(pages.map((p) => [p.total, p.total_capped])).toEqual(pages.map(() => [1000, true]));
    });

    it('walks a filter by cursor too, with its exact total under 1,000', async () => {
      const pages = await walk((after) => list(admin, after, 50, false));
      const unconfirmed = await ordered('u.email_confirmed_at is null');
      expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(unconfirmed);
      expect(pages[0]).toMatchObject({ total: unconfirmed.length, total_capped: false });
    });

    it('refuses everyone but admins, cursor or not, and malformed cursors', async () => {
      const deep = (await list(admin, null)).next;
      for (const user of [moderator, brand]) {
        await expectSqlState(list(user, null), '42501');
        await expectSqlState(list(user, deep), '42501');
        // The admin check comes first: a refused caller learns nothing from the cursor.
        await expectSqlState(list(user, { k: 'x', id: 'y' }), '42501');
      }
      for (const bad of [{ k: 1, id: 'x' }, { k: 'a' }, ['a'], 'a']) {
        await expectSqlState(list(admin, bad as unknown as Cursor), '22023');
      }
      await expectSqlState(list(admin, { k: '2025-01-01 00:00:00+00', id: 'not-a-uuid' }), '22P02');
      await expectSqlState(list(admin, { k: 'not a time', id: '00000000-0000-4000-8000-000000000000' }), '22007');
    });

    it('plans a deep page as a walk of (created_at, id) on auth.users, with no offset and no sort', async () => {
      // The page's select of admin_list_users, which runs as its definer.
      const sql = `select u.id, u.created_at from auth.users u join public.user_profiles p on p.id = u.id
         where (u.created_at, u.id) < ($1::timestamptz, $2::uuid) order by u.created_at desc, u.id desc limit $3`;
      const found = await plan(t.db, sql, ['2025-01-02 00:00:00+00', '00000000-0000-4000-8000-000000000000', 26]);
      expectIndexWalk(found, 'users_created_at_id_idx');
      const body = await t.db.query<{ src: string }>(
        `select prosrc as src from pg_proc where proname = 'admin_list_users' and pronamespace = 'public'::regnamespace`,
      );
      expect(body.rows[0]!.src).not.toMatch(/\boffset\b/i);
      expect(body.rows[0]!.src).toContain('(u.created_at, u.id) < (v_at, v_id)');
    });
  });

  describe("bug reports (the Data API, as the admins' screen asks for them)", () => {
    // What `.eq('status')?.or(search)?.lte('created_at', k).or('created_at.lt.k,id.lt.i')
    // .order('created_at', desc).order('id', desc).limit(n + 1)` asks of the database, under RLS.
    const PAGE_SQL = `select id, created_at::text as k from public.bug_reports
       where ($1::text is null or status = $1) and ($2::text is null or error_message ilike $2)
         and ($3::timestamptz is null or (created_at <= $3 and (created_at < $3 or id < $4::uuid)))
       order by created_at desc, id desc limit $5`;
    const page = (user: string, after: Cursor | null, status: string | null = null, like: string | null = null) =>
      asUser(t.db, user, (tx) =>
        tx.query<{ id: string; k: string }>(PAGE_SQL, [status, like, after?.k ?? null, after?.id ?? null, 101]),
      ).then(({ rows }): Page => {
        const items = rows.slice(0, 100);
        const last = items.at(-1);
        return { items, next: rows.length > 100 && last ? last : null, total: 0, total_capped: false };
      });
    const ordered = async (where: string) =>
      (
        await t.db.query<{ id: string }>(
          `select id from public.bug_reports where ${where} order by created_at desc, id desc`,
        )
      ).rows.map((r) => r.id);

    it('walks every report newest first by cursor, ties included, filtered or searched', async () => {
      const all = await walk((after) => page(admin, after));
      expect(all.flatMap((p) => p.items.map((i) => i.id))).toEqual(await ordered('true'));
      expect(all).toHaveLength(REPORTS / 100);
      const triaged = await walk((after) => page(admin, after, 'triaged'));
      expect(triaged.flatMap((p) => p.items.map((i) => i.id))).toEqual(await ordered(`status = 'triaged'`));
      const searched = await walk((after) => page(admin, after, null, '%report 1%'));
      expect(searched.flatMap((p) => p.items.map((i) => i.id))).toEqual(
        await ordered(`error_message ilike '%report 1%'`),
      );
    });

    it('shows a non-admin only the reports they sent, cursor or not', async () => {
      const mine = await walk((after) => page(brand, after));
      expect(mine.flatMap((p) => p.items.map((i) => i.id))).toEqual(await ordered(`user_id = '${brand}'`));
      const deep = (await page(admin, null)).next!;
      for (const user of [moderator, rival]) {
        expect((await page(user, null)).items).toEqual([]);
        expect((await page(user, deep)).items).toEqual([]);
      }
    });

    it.each([
      [null, 'bug_reports_created_idx'],
      ['triaged', 'bug_reports_status_created_idx'],
    ] as const)('plans a deep page (status %s) as a walk of %s, with no offset and no sort', async (status, index) => {
      const params = [status, null, '2026-03-01 08:00:00+00', '00000000-0000-4000-8000-000000000000', 21];
      expectIndexWalk(await asUser(t.db, admin, (tx) => plan(tx, PAGE_SQL, params)), index);
    });
  });

  describe('referred people (my_referred_users)', () => {
    type PeoplePage = Page<{ reward: number; level: number; display_name: string }>;
    const people = (user: string, after: Cursor | null, limit = 100) =>
      asUser(t.db, user, (tx) =>
        tx.query<{ j: PeoplePage }>('select public.my_referred_users($1, $2) as j', [
          limit,
          after && JSON.stringify(after),
        ]),
      ).then((r) => r.rows[0]!.j);
    const ordered = async (referrer: string) =>
      (
        await t.db.query<{ id: string; reward: string }>(
          'select id, reward from public.referrals where referrer_id = $1 order by created_at desc, id desc',
          [referrer],
        )
      ).rows;

    it("walks the caller's people newest first by cursor, ties included, with a total capped at 1,000", async () => {
      const pages = await walk((after) => people(brand, after));
      const all = await ordered(brand);
      expect(pages).toHaveLength(Math.ceil(all.length / 100));
      expect(pages.flatMap((p) => p.items.map((i) => i.reward))).toEqual(all.map((r) => Number(r.reward)));
      // Each page ends where the ordered read says, by the referral's id.
      expect(pages.slice(0, -1).map((p) => p.next!.id)).toEqual(
        pages.slice(0, -1).map((_, n) => all[(n + 1) * 100 - 1]!.id),
      );
      expect(pages.map((p) => [p.total, p.total_capped])).toEqual(pages.map(() => [1000, true]));
      expect(JSON.stringify(pages)).not.toContain('keyset-');
    });

    it('shows a referrer only their own people, whatever the cursor', async () => {
      const deep = (await people(brand, null)).next!;
      const theirs = await people(rival, null);
      expect(theirs).toMatchObject({ total: 30, total_capped: false, next: null });
      expect(theirs.items.map((i) => i.level)).toEqual(Array.from({ length: 30 }, () => 2));
      // The brand's cursor in another's hands reads the other's people after that instant, never the brand's.
      const crossed = await people(rival, deep);
      expect(crossed.items.every((i) => i.level === 2)).toBe(true);
      expect((await people(moderator, null)).items).toEqual([]);
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select public.my_referred_users(10)')),
        '42501',
      );
    });

    it('refuses malformed cursors and limits', async () => {
      for (const bad of [{ k: 1, id: 'x' }, { k: 'a' }, ['a'], 'a']) {
        await expectSqlState(people(brand, bad as unknown as Cursor), '22023');
      }
      await expectSqlState(people(brand, { k: '2025-06-01 00:00:00+00', id: 'not-a-uuid' }), '22P02');
      await expectSqlState(people(brand, { k: 'not a time', id: '00000000-0000-4000-8000-000000000000' }), '22007');
      await expectSqlState(people(brand, null, 0), '22023');
      await expectSqlState(people(brand, null, 201), '22023');
    });

    it('plans a deep page as a walk of (referrer_id, created_at desc, id desc), with no offset and no sort', async () => {
      // The page's select of my_referred_users, which runs as its definer.
      const sql = `select r.* from public.referrals r where r.referrer_id = $1 and (r.created_at, r.id) < ($2::timestamptz, $3::uuid)
         order by r.created_at desc, r.id desc limit $4`;
      const found = await plan(t.db, sql, [
        brand,
        '2025-06-01 02:00:00+00',
        '00000000-0000-4000-8000-000000000000',
        101,
      ]);
      expectIndexWalk(found, 'referrals_referrer_created_idx');
      const body = await t.db.query<{ src: string }>(
        `select prosrc as src from pg_proc where proname = 'my_referred_users' and pronamespace = 'public'::regnamespace`,
      );
      expect(body.rows[0]!.src).not.toMatch(/\boffset\b/i);
      expect(body.rows[0]!.src).toContain('(r.created_at, r.id) < (v_at, v_id)');
    });
  });
});
