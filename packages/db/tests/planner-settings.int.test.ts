// The planner settings every session of ours gets (random_page_cost, pg-driver.ts and
// pglite-driver.ts; docs/decisions/0137). Under row-level security a policy such as
// `owner_id = (select auth.uid())` is planned before the caller is known, so PostgreSQL guesses
// a handful of matching rows. With the stock cost of a random page (4, for spinning disks) it then
// reads every row of the caller and sorts them, even where an index on (owner_id, id) returns the
// newest ones already in order; with 1.1 it walks the index and stops after the page it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createAuthUser, drivers, openTestDb, type TestDb } from '@tagledger/db/testing';

interface PlanNode {
  'Node Type': string;
  'Scan Direction'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const SCHEMA = `
create table public.planner_probe (id bigint primary key, owner_id uuid not null, title text not null);
create index planner_probe_owner_newest on public.planner_probe (owner_id, id);
alter table public.planner_probe enable row level security;
grant select on public.planner_probe to authenticated;
create policy "Owners read their rows" on public.planner_probe for select to authenticated
  using (owner_id = (select auth.uid()));`;

const NEWEST_PAGE = 'explain (format json) select id, title from public.planner_probe order by id desc limit 20';

describe.each(drivers)('planner settings (%s)', (driver) => {
  let t: TestDb;
  let ownerId: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    ownerId = await createAuthUser(t.db, { email: 'owner@example.test' });
    await t.db.exec(SCHEMA);
    // Half the rows belong to one user, the rest to a thousand others: the distribution that
    // makes the planner's guess for "rows of the caller" (2) far from the truth (1,000).
    await t.db.query(
      `insert into public.planner_probe (id, owner_id, title)
       select g, case when g % 2 = 0 then $1::uuid else gen_random_uuid() end, 'Row ' || g
       from generate_series(1, 2000) g`,
      [ownerId],
    );
    await t.db.exec('analyze public.planner_probe');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sets random_page_cost to 1.1 on every session', async () => {
    const { rows } = await t.db.query<{ cost: string }>(`select current_setting('random_page_cost') as cost`);
    expect(rows[0]!.cost).toBe('1.1');
  });

  it("reads a caller's newest rows under RLS in index order, without reading all of them and sorting", async () => {
    const { rows } = await asUser(t.db, ownerId, (tx) => tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(NEWEST_PAGE));
    const plan = nodes(rows[0]!['QUERY PLAN'][0].Plan);
    expect(plan.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(plan).toContainEqual(
      expect.objectContaining({
        'Node Type': 'Index Scan',
        'Scan Direction': 'Backward',
        'Index Name': 'planner_probe_owner_newest',
      }),
    );
  });

  it('answers the same page as the plan without the index would', async () => {
    const { rows } = await asUser(t.db, ownerId, (tx) =>
      tx.query<{ id: number }>('select id from public.planner_probe order by id desc limit 20'),
    );
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => 2000 - 2 * i));
  });
});
