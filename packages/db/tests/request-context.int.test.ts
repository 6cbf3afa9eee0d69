// The per-request role and claims, written by one settings statement and sent two ways: after
// BEGIN (withRequestContext) and in front of the statement in one round trip (readInOneRoundTrip:
// a pipelined batch on PostgreSQL, one call into the database on PGlite). Both must leave the
// statement seeing the same caller, and nothing of it may outlive the request on the connection.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, withRoleWithin, type Db, type RequestContext, type Statement } from '@tagledger/db';
import { createAuthUser, drivers, expectSqlState, openTestDb, type Driver, type TestDb } from '@tagledger/db/testing';

const WHO: Statement = {
  text: `select json_build_object(
    'uid', auth.uid(),
    'role', current_user,
    'jwt_role', auth.role(),
    'email', auth.jwt() ->> 'email',
    'method', current_setting('request.method'),
    'path', current_setting('request.path'),
    'agent', current_setting('request.headers')::json ->> 'user-agent',
    'timezone', current_setting('timezone'),
    'read_only', current_setting('transaction_read_only')
  ) as who`,
  values: [],
};

/** A migrated database with one user, opened before the suite's tests and closed after them. */
function suiteDatabase(driver: Driver): { db(): Db; userId(): string } {
  const state: { t?: TestDb; userId?: string } = {};
  beforeAll(async () => {
    state.t = await openTestDb(driver);
    state.userId = await createAuthUser(state.t.db, { email: 'caller@example.test' });
  });
  afterAll(async () => {
    await state.t?.close();
  });
  return { db: () => state.t!.db, userId: () => state.userId! };
}

function callerOf(userId: string): RequestContext {
  return {
    role: 'authenticated',
    claims: { sub: userId, email: 'caller@example.test', aud: 'authenticated' },
    method: 'GET',
    path: '/user_profiles',
    headers: { 'user-agent': 'vitest' },
    timezone: 'Asia/Tokyo',
  };
}

function seenAs(userId: string) {
  return {
    uid: userId,
    role: 'authenticated',
    jwt_role: 'authenticated',
    email: 'caller@example.test',
    method: 'GET',
    path: '/user_profiles',
    agent: 'vitest',
    timezone: 'Asia/Tokyo',
  };
}

describe.each(drivers)('request context after BEGIN (%s)', (driver) => {
  const suite = suiteDatabase(driver);

  it('runs the statement as the role, with the claims, request and time zone', async () => {
    const who = await withRequestContext(
      suite.db(),
      callerOf(suite.userId()),
      async (tx) => (await tx.query<{ who: object }>(WHO.text)).rows[0]?.who,
    );
    expect(who).toMatchObject({ ...seenAs(suite.userId()), read_only: 'off' });
  });

  it('keeps the database time zone when the request names none', async () => {
    const { timezone: _, ...withoutZone } = callerOf(suite.userId());
    const zoneSql = `select current_setting('timezone') as zone`;
    const zone = await withRequestContext(
      suite.db(),
      withoutZone,
      async (tx) => (await tx.query<{ zone: string }>(zoneSql)).rows[0]?.zone,
    );
    expect(zone).toBe((await suite.db().query<{ zone: string }>(zoneSql)).rows[0]?.zone);
  });

  it('switches to another request role inside the transaction and back, keeping the claims', async () => {
    const seen = await withRequestContext(suite.db(), callerOf(suite.userId()), async (tx) => {
      const roleNow = async () =>
        (await tx.query<{ r: string; uid: string }>('select current_user as r, auth.uid() as uid')).rows[0];
      const inside = await withRoleWithin(tx, 'service_role', 'authenticated', roleNow);
      return { inside, after: await roleNow() };
    });
    expect(seen).toEqual({
      inside: { r: 'service_role', uid: suite.userId() },
      after: { r: 'authenticated', uid: suite.userId() },
    });
  });

  it('refuses a role that is not a request role, before running anything', async () => {
    const bad = { ...callerOf(suite.userId()), role: 'postgres' } as unknown as RequestContext;
    await expect(withRequestContext(suite.db(), bad, async () => 'ran')).rejects.toThrow(
      'role "postgres" does not exist',
    );
  });
});

describe.each(drivers)('one-round-trip reads (%s)', (driver) => {
  const suite = suiteDatabase(driver);

  it('reads as the same caller, in a read-only transaction', async () => {
    const row = await suite.db().readInOneRoundTrip<{ who: object }>(callerOf(suite.userId()), WHO);
    expect(row?.who).toMatchObject({ ...seenAs(suite.userId()), read_only: 'on' });
  });

  it('refuses writes and keeps RLS', async () => {
    const db = suite.db();
    const caller = callerOf(suite.userId());
    const write = { text: `update public.user_profiles set full_name = 'x' where id = $1`, values: [suite.userId()] };
    await expectSqlState(db.readInOneRoundTrip(caller, write), '25006');
    const count = { text: 'select count(*)::int as n from public.token_transactions', values: [] };
    const stranger = { ...caller, claims: { sub: crypto.randomUUID(), aud: 'authenticated' } };
    expect((await db.readInOneRoundTrip<{ n: number }>(caller, count))?.n).toBeGreaterThan(0);
    expect((await db.readInOneRoundTrip<{ n: number }>(stranger, count))?.n).toBe(0);
  });

  it('leaves nothing behind: the next read on the same connection sees only its own caller', async () => {
    const db = suite.db();
    const stranger = crypto.randomUUID();
    const who = {
      text: `select json_build_object(
        'pid', pg_backend_pid(),
        'uid', auth.uid(),
        'role', current_user,
        'email', auth.jwt() ->> 'email',
        'agent', current_setting('request.headers', true)::json ->> 'user-agent',
        'timezone', current_setting('timezone')
      ) as who`,
      values: [],
    };
    type Who = {
      pid: number;
      uid: string | null;
      role: string;
      email: string | null;
      agent: string | null;
      timezone: string;
    };
    const read = async (ctx: RequestContext) => (await db.readInOneRoundTrip<{ who: Who }>(ctx, who))!.who;
    const zone = (await db.query<{ z: string }>(`select current_setting('timezone') as z`)).rows[0]!.z;
    const first = await read(callerOf(suite.userId()));
    const second = await read({ role: 'authenticated', claims: { sub: stranger, aud: 'authenticated' } });
    const third = await read({ role: 'anon', claims: {} });
    // A pooled connection is handed out last-in first-out, so these reads share one session.
    expect(new Set([first.pid, second.pid, third.pid]).size).toBe(1);
    expect(first).toMatchObject({
      uid: suite.userId(),
      email: 'caller@example.test',
      agent: 'vitest',
      timezone: 'Asia/Tokyo',
    });
    expect(second).toMatchObject({ uid: stranger, role: 'authenticated', email: null, agent: null, timezone: zone });
    expect(third).toMatchObject({ uid: null, role: 'anon', email: null, agent: null, timezone: zone });
    // Outside any request the session is the connecting role again, with no claims and writable.
    const after = await db.query<{ role: string; claims: string | null; ro: string }>(
      `select current_user as role, nullif(current_setting('request.jwt.claims', true), '') as claims,
        current_setting('transaction_read_only') as ro`,
    );
    expect(after.rows[0]).toMatchObject({ claims: null, ro: 'off' });
    expect(after.rows[0]!.role).not.toMatch(/^(anon|authenticated|service_role)$/);
  });

  it('recovers from an error inside the batch: the next reads run and see their caller', async () => {
    const db = suite.db();
    const caller = callerOf(suite.userId());
    const failing = { text: `select 1 / (count(*) - count(*)) as n from public.user_profiles`, values: [] };
    await expectSqlState(db.readInOneRoundTrip(caller, failing), '22012');
    await expectSqlState(db.readInOneRoundTrip(caller, failing), '22012');
    const row = await db.readInOneRoundTrip<{ who: object }>(caller, WHO);
    expect(row?.who).toMatchObject({ ...seenAs(suite.userId()), read_only: 'on' });
    const plain = await db.query<{ ro: string }>(`select current_setting('transaction_read_only') as ro`);
    expect(plain.rows[0]?.ro).toBe('off');
  });
});

describe.each(drivers.filter((d) => d === 'pg'))('LISTEN (%s)', (driver) => {
  const suite = suiteDatabase(driver);

  it('delivers NOTIFY payloads to a listener until it stops', async () => {
    const db = suite.db();
    const channel = `test_${crypto.randomBytes(4).toString('hex')}`;
    const payloads: string[] = [];
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const stop = await db.listen!(channel, (payload) => {
      payloads.push(payload);
      arrive();
    });
    await db.query(`select pg_notify($1, 'reload schema')`, [channel]);
    await arrived;
    await stop();
    await db.query(`select pg_notify($1, 'after stop')`, [channel]);
    expect(payloads).toEqual(['reload schema']);
  });
});

describe('the PGlite driver', () => {
  it('has no other sessions: no LISTEN', async () => {
    const t = await openTestDb('pglite');
    try {
      expect(t.db.listen).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
