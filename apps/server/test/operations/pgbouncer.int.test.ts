// The server through PgBouncer in transaction mode (issue 33): consecutive statements of one
// client reach different server connections, so nothing may live in a session. The server runs
// with DATABASE_URL pointing at a PgBouncer this test starts (a pool of 3 server connections for
// all of the server's clients) and DATABASE_POOL_MODE=transaction; sign-up and sign-in, REST reads
// and writes (many reads at once, each a pipelined batch of unnamed statements), storage uploads
// and downloads, and the job queue all work through it. LISTEN needs a session of its own, so the
// schema cache listens on DATABASE_DIRECT_URL. Without the pool mode the server cannot even start:
// PgBouncer refuses the `options` startup parameter, and named statements vanish between batches.
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createMigratedTestDatabase, drivers } from '@tagledger/db/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';
import { startPgBouncer, type PgBouncer } from '../helpers/pgbouncer.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(drivers.filter((d) => d === 'pg'))('the server behind PgBouncer in transaction mode (%s)', () => {
  let bouncer: PgBouncer;
  let database: { url: string; drop: () => Promise<void> };
  let server: TestServer;

  beforeAll(async () => {
    database = await createMigratedTestDatabase(process.env.TEST_DATABASE_URL!);
    bouncer = await startPgBouncer(database.url);
    server = await startTestServer({
      env: {
        DATABASE_URL: bouncer.urlFor(database.url),
        DATABASE_POOL_MODE: 'transaction',
        DATABASE_DIRECT_URL: database.url,
        MAILER_AUTOCONFIRM: 'true',
        JOBS_POLL_SECONDS: '0.5',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await bouncer?.stop();
    await database?.drop();
  });

  it('really talks to PostgreSQL through the pooler', async () => {
    // The statement runs on PostgreSQL, and PgBouncer's admin console holds a pool for the database.
    const { rows } = await server.ctx.db.query<{ port: number }>('select inet_server_port() as port');
    expect(rows[0]!.port).toBe(Number(new URL(database.url).port || 5432));
    const admin = new pg.Client({ connectionString: bouncer.urlFor(database.url).replace(/\/[^/]*$/, '/pgbouncer') });
    await admin.connect();
    try {
      const pools = await admin.query<{ database: string; cl_active: string }>('show pools');
      expect(pools.rows.map((p) => p.database)).toContain(new URL(database.url).pathname.slice(1));
    } finally {
      await admin.end();
    }
  });

  it('signs up, signs in and reads and writes the data API', async () => {
    const email = `pooled-${Date.now()}@example.test`;
    const password = 'pooled horse battery 7';
    const anon = server.anonClient();
    const signUp = await anon.auth.signUp({ email, password, options: { data: { full_name: 'Pooled Person' } } });
    expect(signUp.error).toBeNull();
    const signIn = await anon.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const userId = signIn.data.user!.id;

    const updated = await anon.from('user_profiles').update({ bio: 'through the pooler' }).eq('id', userId).select();
    expect(updated.error).toBeNull();
    expect(updated.data).toHaveLength(1);

    // Many reads at once share three server connections: every read's settings and statement
    // must travel together, unnamed, in one batch.
    const reads = await Promise.all(
      Array.from({ length: 40 }, () =>
        anon.from('user_profiles').select('id, full_name, bio').eq('id', userId).single(),
      ),
    );
    for (const r of reads) {
      expect(r.error).toBeNull();
      expect(r.data).toEqual({ id: userId, full_name: 'Pooled Person', bio: 'through the pooler' });
    }
    // Another caller's request settings never leak into these: another user sees no bio of theirs.
    const other = await createTestUser(server);
    const seen = await Promise.all(
      Array.from({ length: 10 }, () => other.client.from('user_profiles').select('id').eq('id', userId)),
    );
    for (const r of seen) expect(r.data ?? []).toEqual([]);

    const refreshed = await anon.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await anon.auth.getUser()).data.user?.email).toBe(email);
  });

  it('stores and serves objects', async () => {
    const user = await createTestUser(server);
    // An avatar is named by a random uuid at the top of the bucket (decision 0060).
    const name = `${crypto.randomUUID()}.png`;
    const up = await user.client.storage.from('avatars').upload(name, PNG, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const down = await user.client.storage.from('avatars').download(name);
    expect(down.error).toBeNull();
    expect(Buffer.from(await down.data!.arrayBuffer())).toEqual(PNG);
    const list = await user.client.storage.from('avatars').list();
    expect(list.data?.map((o) => o.name)).toEqual([name]);
  });

  it('answers server functions', async () => {
    const res = await fetch(`${server.url}/functions/v1/public-assets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify({ limit: 12, offset: 0 }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { page: { items: unknown[] } }).page.items).toEqual([]);
  });

  it('runs jobs of the durable queue', async () => {
    const seen: number[] = [];
    await server.ctx.jobs.define<{ n: number }>('pooled-job', async ({ n }) => void seen.push(n));
    // One sent alone and one inside a transaction of ours, as the server's code sends them.
    await server.ctx.jobs.send('pooled-job', { n: 1 });
    await server.ctx.db.transaction(async (tx) => {
      await server.ctx.jobs.send('pooled-job', { n: 2 }, { tx });
    });
    for (let i = 0; i < 300 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('without a direct URL, says at start that NOTIFY pgrst is not heard, and serves all the same', async () => {
    let log = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const second = await startTestServer({
      env: { DATABASE_URL: bouncer.urlFor(database.url), DATABASE_POOL_MODE: 'transaction', LOG_LEVEL: 'warn' },
      logStream,
    });
    try {
      expect(log).toMatch(/DATABASE_POOL_MODE=transaction without DATABASE_DIRECT_URL/);
      const res = await fetch(`${second.url}/functions/v1/public-assets`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: second.anonKey },
        body: JSON.stringify({ limit: 12, offset: 0 }),
      });
      expect(res.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('hears NOTIFY pgrst on the direct connection and reloads the schema cache', async () => {
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      await direct.query('create view public.pooled_probe as select 1 as one');
      await direct.query('grant select on public.pooled_probe to anon');
      await direct.query(`notify pgrst, 'reload schema'`);
      let answer: unknown;
      for (let i = 0; i < 100; i++) {
        const res = await fetch(`${server.url}/rest/v1/pooled_probe?select=one`, {
          headers: { apikey: server.anonKey },
        });
        answer = await res.json();
        if (res.status === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(answer).toEqual([{ one: 1 }]);
    } finally {
      await direct.end();
    }
  });
});
