// Read replicas (issue 33): with DATABASE_READ_URL the data API's reads and the public pages' reads
// go to a streaming standby this test starts, while writes go to the primary, and a user who just
// wrote (or just signed in) reads from the primary for DATABASE_READ_YOUR_WRITES_SECONDS. The
// standby's replay is paused, so that what the primary holds and what the standby shows differ for
// certain, whatever the timing: a read shows which of the two answered it. The window is long
// (10 minutes), so that no assertion depends on how fast this machine is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { createTestDatabase, drivers } from '@tagledger/db/testing';
import { migrate, openDb } from '@tagledger/db';
import { clientOptions, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { startReplicatedCluster, type ReplicatedCluster } from '../helpers/replica.js';

describe.each(drivers.filter((d) => d === 'pg'))('read replicas (%s)', () => {
  let cluster: ReplicatedCluster;
  let database: { url: string; drop: () => Promise<void> };
  let server: TestServer;
  let primary: pg.Client;

  /** A client for user whose session began an hour ago (a fresh sign-in reads from the primary). */
  async function settledClient(user: TestUser) {
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString());
    const token = await server.ctx.keys.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 3600 }, 7200);
    return createClient(server.url, server.anonKey, {
      ...clientOptions(),
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
  }

  async function bioAsSeenBy(client: SupabaseClient, id: string) {
    const { data, error } = await client.from('user_profiles').select('bio').eq('id', id);
    expect(error).toBeNull();
    return (data as { bio: string | null }[])[0]?.bio;
  }

  beforeAll(async () => {
    cluster = await startReplicatedCluster();
    database = await createTestDatabase(cluster.primaryUrl);
    const db = await openDb({ databaseUrl: database.url });
    await migrate(db);
    await db.close();
    await cluster.startStandby();
    server = await startTestServer({
      env: {
        DATABASE_URL: database.url,
        DATABASE_READ_URL: cluster.standbyUrlFor(database.url),
        DATABASE_READ_YOUR_WRITES_SECONDS: '600',
        METRICS_TOKEN: 'replica-metrics-token',
      },
    });
    primary = new pg.Client({ connectionString: database.url });
    await primary.connect();
  }, 120_000);
  afterAll(async () => {
    await primary?.end();
    await server?.close();
    await cluster?.stop();
  });

  it('reads on the standby, writes on the primary, and lets the writer read what they wrote', async () => {
    const writer = await createTestUser(server);
    const reader = await createTestUser(server);
    await cluster.caughtUp();
    await cluster.pauseReplay();
    const writerClient = await settledClient(writer);
    const readerClient = await settledClient(reader);

    // Written on the primary behind the server's back: the standby no longer replays it.
    await primary.query(`update public.user_profiles set bio = 'only on the primary' where id = $1`, [reader.id]);
    expect(await bioAsSeenBy(readerClient, reader.id)).toBeNull();

    // A write through the API goes to the primary (the standby refuses writes) …
    const updated = await writerClient
      .from('user_profiles')
      .update({ bio: 'my own words' })
      .eq('id', writer.id)
      .select('bio');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ bio: 'my own words' }]);
    // … and the writer's next reads go there too, while other users' reads stay on the standby.
    expect(await bioAsSeenBy(writerClient, writer.id)).toBe('my own words');
    expect(await bioAsSeenBy(readerClient, reader.id)).toBeNull();
    // A read-only call sent by POST (supabase-js's rpc) is no write: the caller stays on the standby.
    const call = await readerClient.rpc('my_incoming_transfers');
    expect(call.error).toBeNull();
    expect(await bioAsSeenBy(readerClient, reader.id)).toBeNull();

    // A session that has just begun (sign-up, sign-in) reads on the primary: its user may be new.
    const newcomer = await createTestUser(server);
    expect(await bioAsSeenBy(newcomer.client, newcomer.id)).toBeNull();
    expect((await newcomer.client.from('user_profiles').select('id').eq('id', newcomer.id)).data).toEqual([
      { id: newcomer.id },
    ]);
    expect(
      (await (await settledClient(newcomer)).from('user_profiles').select('id').eq('id', newcomer.id)).data,
    ).toEqual([]);

    // The public pages' reads go to the standby as well.
    const where = await server.ctx.db.queryReplica<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    expect(where.rows[0]!.standby).toBe(true);
    const gallery = await fetch(`${server.url}/functions/v1/public-assets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify({ limit: 12, offset: 0 }),
    });
    expect(gallery.status).toBe(200);
  });

  it('reads on the primary while the standby is down', async () => {
    const user = await createTestUser(server);
    const client = await settledClient(user);
    await primary.query(`update public.user_profiles set bio = 'the standby never saw this' where id = $1`, [user.id]);
    await cluster.stopStandby();
    expect(await bioAsSeenBy(client, user.id)).toBe('the standby never saw this');
    const where = await server.ctx.db.queryReplica<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    expect(where.rows[0]!.standby).toBe(false);

    // /metrics tells where reads were answered: the standby before, the primary after it failed.
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer replica-metrics-token' } })
    ).text();
    const count = (target: string) =>
      Number(new RegExp(`tagledger_db_reads_total\\{target="${target}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
    expect(count('replica')).toBeGreaterThan(0);
    expect(count('fallback')).toBeGreaterThan(0);
    expect(count('primary')).toBeGreaterThan(0);
  });
});
