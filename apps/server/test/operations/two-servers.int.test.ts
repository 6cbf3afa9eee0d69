// Several servers: two servers on one PostgreSQL, one S3-compatible bucket and one signing key,
// behind a small round-robin proxy (every request goes to the other server than the last). A whole
// journey runs through the proxy with supabase-js: sign-up mail, confirmation, sign-in, upload,
// registering (tagging) an asset, public verification, a shared rate limit, and revocation of a
// session. Mail goes through the shared outbox (the sign-up mail is queued by one server and may be
// delivered by either), and the legacy journey's job queue runs across both: a switch change made
// through the proxy enqueues a legacy mail job that whichever server's worker takes first turns
// into exactly one mail.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { clientOptions, drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server.js';
import { JPEG } from '../assets/fixtures.js';

interface Proxy {
  url: string;
  /** Which server answered each request, in order. */
  answeredBy: string[];
  close(): Promise<void>;
}

/** Forwards each request to the next server in turn, as a round-robin load balancer does. */
async function roundRobin(targets: { name: string; url: string }[]): Promise<Proxy> {
  let next = 0;
  const answeredBy: string[] = [];
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length]!;
    answeredBy.push(target.name);
    const upstream = http.request(
      `${target.url}${req.url}`,
      {
        method: req.method,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answeredBy,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe.each(drivers.filter((d) => d === 'pg'))('two servers behind a round-robin proxy on %s', () => {
  let sink: MailSink;
  let s3: LocalS3;
  let a: TestServer;
  let b: TestServer;
  let proxy: Proxy;

  beforeAll(async () => {
    sink = await startMailSink();
    s3 = await startLocalS3();
    const shared = {
      SMTP_URL: sink.smtpUrl,
      TRUST_PROXY: '1',
      SESSION_CHECK_CACHE_SECONDS: '0',
      JOBS_POLL_SECONDS: '0.5',
      ...s3.serverEnv(),
    };
    a = await startTestServer({ driver: 'pg', env: shared });
    const signingKey = fs.readFileSync(path.join(a.dataDir, 'keys', 'signing-key.json'), 'utf8');
    b = await startTestServer({
      env: { ...shared, JWT_PRIVATE_KEY: signingKey },
      overrides: { databaseUrl: a.config.databaseUrl },
    });
    proxy = await roundRobin([
      { name: 'a', url: a.url },
      { name: 'b', url: b.url },
    ]);
    // Links in mail and redirects name the public address: the proxy.
    for (const s of [a, b]) {
      s.ctx.config.publicUrl = proxy.url;
      s.ctx.config.siteUrl = proxy.url;
      s.ctx.config.storagePublicUrl = proxy.url;
    }
  }, 240_000);
  afterAll(async () => {
    await proxy?.close();
    await b?.close();
    await a?.close();
    await s3?.close();
    await sink?.close();
  });

  it('runs a whole journey across both servers', { timeout: 180_000 }, async () => {
    const client = createClient(proxy.url, a.anonKey, clientOptions());
    const email = `journey-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const password = 'a long Passphrase 42!';

    // Sign-up: the mail is queued by one server and delivered from the shared outbox.
    expect((await client.auth.signUp({ email, password })).error).toBeNull();
    const mail = await sink.nextMail(email, 30_000);
    expect(mail.code).toMatch(/^\d{6}$/);
    const confirmed = await client.auth.verifyOtp({ email, token: mail.code!, type: 'signup' });
    expect(confirmed.error).toBeNull();

    // Sign-in; the session is used on both servers from here on.
    const signedIn = await client.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    const userId = signedIn.data.user!.id;
    for (let i = 0; i < 2; i++) expect((await client.auth.getUser()).data.user?.id).toBe(userId);

    // Upload to the shared bucket, read it back through the other server.
    const name = `${userId}/pending/${crypto.randomUUID()}.jpg`;
    expect(
      (await client.storage.from('asset-media').upload(name, JPEG, { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    const downloaded = await client.storage.from('asset-media').download(name);
    expect(downloaded.error).toBeNull();
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(JPEG)).toBe(true);

    // Tagging: register the asset (paid in tokens) and verify it publicly by its serial number.
    await a.ctx.db.query(`select private.ledger_post($1, 500, 'admin_adjustment', 'journey credit')`, [userId]);
    const quote = await client.rpc('quote_asset_cost', { p_photos: 1, p_documents: 0, p_video_seconds: [] });
    expect(quote.error).toBeNull();
    const serial = `JOURNEY-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const registered = await client.functions.invoke('register-asset', {
      body: {
        submissionId: crypto.randomUUID(),
        asset: { kind: 'general', title: 'Road bike', serial_number: serial },
        media: [name],
        expectedCost: (quote.data as { total: number }).total,
      },
    });
    expect(registered.error).toBeNull();
    const verified = await createClient(proxy.url, a.anonKey, clientOptions()).rpc('verify_serial', {
      p_serial: serial,
    });
    expect(verified.error).toBeNull();
    // A private asset: the public answer proves the registration without its details.
    expect(verified.data).toMatchObject({
      registered: true,
      matches: [{ asset_id: (registered.data as { asset_id: string }).asset_id, proof: { record_matches: true } }],
    });

    // The legacy job queue: the switch change is logged in the database, its mail job is enqueued by
    // the server that answered, and a worker on either server turns it into one mail.
    const switched = await client.rpc('legacy_set_switch', {
      p_enabled: true,
      p_period_months: 6,
      p_grace_days: 14,
      p_waiting_days: 7,
      p_paused_until: null,
    });
    expect(switched.error).toBeNull();
    expect((await sink.nextMail(email, 30_000)).subject).toBe('[TagLedger] Your inactivity switch was changed');
    // The worker marks its job done just after the mail went out.
    let completed = 0;
    for (let i = 0; i < 100 && completed === 0; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      const jobs = await a.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = 'legacy.mail' and state = 'completed'`,
      );
      completed = jobs.rows[0]!.n;
    }
    expect(completed).toBeGreaterThan(0);
    const events = await a.ctx.db.query<{ mailed: boolean }>(
      `select mailed_at is not null as mailed from public.legacy_events where owner_id = $1 and kind = 'switch_changed'`,
      [userId],
    );
    expect(events.rows).toEqual([{ mailed: true }]);

    // Rate limits are shared: wrong passwords spread over both servers still hit one budget.
    const stranger = createClient(proxy.url, a.anonKey, clientOptions());
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { error } = await stranger.auth.signInWithPassword({ email, password: `wrong password ${i}` });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses).toContain(429);

    // Revocation: signing out through one server ends the token on the other at once.
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect((await client.auth.signOut()).error).toBeNull();
    const after = createClient(proxy.url, a.anonKey, clientOptions());
    const refusals = await Promise.all([after.auth.getUser(token), after.auth.getUser(token)]);
    for (const r of refusals) expect(r.error).not.toBeNull();

    // Both servers did their share.
    expect(new Set(proxy.answeredBy)).toEqual(new Set(['a', 'b']));
    expect(s3.objectKeys().length).toBeGreaterThan(0);
  });
});
