// Aggregates in select (PostgREST's db-aggregates-enabled, issue 16 item 8) through unmodified
// supabase-js: refused with PGRST123 by default, and with REST_AGGREGATES_ENABLED=true sum, avg,
// min, max and count group by the other selected columns, inside embeds too, with casts. RLS
// still decides which rows are aggregated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadSchemaCache } from '../../src/rest/routes.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';

const SQL = `
create table public.ag_customers (id bigint primary key, city text not null);
create table public.ag_orders (
  id bigint primary key,
  customer_id bigint not null references public.ag_customers(id),
  amount numeric not null,
  hidden boolean not null default false
);
grant select on public.ag_customers, public.ag_orders to anon;
alter table public.ag_orders enable row level security;
create policy "Visible orders" on public.ag_orders for select using (not hidden);
insert into public.ag_customers values (1, 'Oslo'), (2, 'Rome'), (3, 'Oslo');
insert into public.ag_orders values
  (1, 1, 10, false), (2, 1, 20, false), (3, 2, 5, false), (4, 3, 7.5, false), (5, 2, 1000, true);
`;

describe.each(drivers)('aggregates on %s', (driver) => {
  describe('disabled (the default)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ driver });
      await server.ctx.db.exec(SQL);
      await reloadSchemaCache(server.ctx);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers 400 PGRST123 for any aggregate', async () => {
      for (const select of ['amount.sum()', 'count()', 'customer_id, total:amount.avg()']) {
        const { error, status } = await server.anonClient().from('ag_orders').select(select);
        expect(status).toBe(400);
        expect(error?.code).toBe('PGRST123');
        expect(error?.message).toBe('Use of aggregate functions is not allowed');
      }
    });
  });

  describe('enabled with REST_AGGREGATES_ENABLED=true', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ driver, env: { REST_AGGREGATES_ENABLED: 'true' } });
      await server.ctx.db.exec(SQL);
      await reloadSchemaCache(server.ctx);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('aggregates the visible rows into one row without other columns', async () => {
      const { data, error } = await server
        .anonClient()
        .from('ag_orders')
        .select('amount.sum(), amount.max(), lowest:amount.min(), count()');
      expect(error).toBeNull();
      // The hidden order (RLS) is not counted.
      expect(data).toEqual([{ sum: 42.5, max: 20, lowest: 5, count: 4 }]);
    });

    it('groups by the other selected columns, and by spread to-one columns', async () => {
      const byCustomer = await server
        .anonClient()
        .from('ag_orders')
        .select('customer_id, total:amount.sum(), n:id.count()')
        .order('customer_id');
      expect(byCustomer.error).toBeNull();
      expect(byCustomer.data).toEqual([
        { customer_id: 1, total: 30, n: 2 },
        { customer_id: 2, total: 5, n: 1 },
        { customer_id: 3, total: 7.5, n: 1 },
      ]);
      const byCity = await server
        .anonClient()
        .from('ag_orders')
        .select('amount.sum(), ...ag_customers(city)')
        .order('city', { referencedTable: 'ag_customers' });
      expect(byCity.error).toBeNull();
      expect(byCity.data).toEqual(
        expect.arrayContaining([
          { sum: 37.5, city: 'Oslo' },
          { sum: 5, city: 'Rome' },
        ]),
      );
      expect(byCity.data).toHaveLength(2);
    });

    it('aggregates inside an embed per parent row, with casts in and out', async () => {
      const { data, error } = await server
        .anonClient()
        .from('ag_customers')
        .select('id, ag_orders(total:amount::int.sum()::text, avg:amount.avg())')
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, ag_orders: [{ total: '30', avg: 15 }] },
        { id: 2, ag_orders: [{ total: '5', avg: 5 }] },
        { id: 3, ag_orders: [{ total: '8', avg: 7.5 }] },
      ]);
    });

    it('refuses unknown columns and functions like PostgREST', async () => {
      const unknown = await server.anonClient().from('ag_orders').select('price.sum()');
      expect(unknown.error?.code).toBe('42703');
      const fn = await server.anonClient().from('ag_orders').select('amount.median()');
      expect(fn.status).toBe(400);
      expect(fn.error?.code).toBe('PGRST100');
    });

    it("names the table as PostgREST's statement does in an unknown column's text (postgrest-js error tests)", async () => {
      const aliased = await server.anonClient().from('ag_customers').select('alias:missing_column.count()');
      expect(aliased.status).toBe(400);
      expect(aliased.error).toMatchObject({
        code: '42703',
        message: 'column ag_customers.missing_column does not exist',
        details: null,
        hint: null,
      });
      // An aggregate name without a column is a column name; an embedded table is "<table>_<depth>".
      const noColumn = await server.anonClient().from('ag_customers').select('city, ag_orders(sum)').limit(1).single();
      expect(noColumn.status).toBe(400);
      expect(noColumn.error).toMatchObject({ code: '42703', message: 'column ag_orders_1.sum does not exist' });
      const relation = await server.anonClient().from('ag_orders').select('amount, ag_customers.count()');
      expect(relation.error).toMatchObject({ code: '42703', message: 'column ag_orders.ag_customers does not exist' });
    });
  });
});
