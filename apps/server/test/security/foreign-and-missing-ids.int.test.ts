// Issue 27 item 10: "not found" refusals answered 500. A bogus invitation token, someone else's
// transfer, a stolen asset's transfer, another business's unit, another owner's asset proof: the
// database raised P0002 / 55000 on purpose, and the data API and the functions answered 500 with an
// error-level log and a stack. Now they answer 404 / 409 (shared/db-refusals.ts), logged at info.
//
// Then a sweep, so that no function or RPC does it again: EVERY rpc the catalogue lets anon or
// authenticated execute in the public schema (read at run time, so a new one is covered without
// touching this file) and EVERY server function in the registry is called by a visitor, a stranger
// (a business user), the owner of everything, and an admin — with the ids of someone else's rows,
// ids that exist nowhere, and garbage. No answer may be a 5xx.
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '@tagledger/test-kit/fake-stripe';
import { startFakePaystack, type FakePaystack } from '@tagledger/test-kit/fake-paystack';
import { startFakeMtnMomo, type FakeMtnMomo } from '@tagledger/test-kit/fake-mtn-momo';
import { serverFunctions } from '../../src/functions/registry.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';

const MISSING = '4b1d0000-0000-4000-8000-00000000dead';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { stack?: string };
}

/** The server's JSON log lines, as they arrive. */
function logCollector(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  let pending = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      pending += chunk.toString('utf8');
      let at: number;
      while ((at = pending.indexOf('\n')) !== -1) {
        const text = pending.slice(0, at);
        pending = pending.slice(at + 1);
        try {
          lines.push(JSON.parse(text) as LogLine);
        } catch {
          // Not a JSON line: not the logger's.
        }
      }
      done();
    },
  });
  return { stream, lines };
}

interface Rpc {
  name: string;
  args: { name: string; type: string }[];
  anon: boolean;
  authenticated: boolean;
  /** Tables its body (and the private and public functions it calls) names. */
  tables: Set<string>;
  /** Short words quoted in those bodies: the states and kinds its text arguments accept. */
  words: string[];
  /** Whether it asks for an admin or a moderator (otherwise an admin calls it as any stranger would). */
  privileged: boolean;
}

/** Every function in public that anon or authenticated may execute, from the catalogue. */
async function exposedRpcs(server: TestServer): Promise<Rpc[]> {
  const { rows: bodies } = await server.ctx.db.query<{ schema: string; name: string; src: string }>(
    `select n.nspname as schema, p.proname as name, p.prosrc as src
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private')`,
  );
  const bodyOf = new Map<string, string>();
  for (const b of bodies) bodyOf.set(`${b.schema}.${b.name}`, `${bodyOf.get(`${b.schema}.${b.name}`) ?? ''}\n${b.src}`);
  /** The bodies a function runs: its own and those of the functions it calls, three levels down. */
  const reach = (start: string): string[] => {
    const seen = new Set([start]);
    let frontier = [start];
    for (let depth = 0; depth < 3; depth++) {
      const next: string[] = [];
      for (const f of frontier) {
        for (const m of (bodyOf.get(f) ?? '').matchAll(/\b(public|private)\.([a-z_0-9]+)\s*\(/g)) {
          const called = `${m[1]}.${m[2]}`;
          if (bodyOf.has(called) && !seen.has(called)) {
            seen.add(called);
            next.push(called);
          }
        }
      }
      frontier = next;
    }
    return [...seen].map((f) => bodyOf.get(f) ?? '');
  };
  const { rows } = await server.ctx.db.query<{
    name: string;
    arg_names: string[] | null;
    arg_modes: string[] | null;
    arg_types: string[];
    anon: boolean;
    authenticated: boolean;
  }>(
    `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types,
            has_function_privilege('anon', p.oid, 'execute') as anon,
            has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
        and (has_function_privilege('anon', p.oid, 'execute')
             or has_function_privilege('authenticated', p.oid, 'execute'))
      order by p.proname`,
  );
  return rows.map((r) => {
    const names = (r.arg_names ?? []).filter((_, i) => !r.arg_modes || ['i', 'b', 'v'].includes(r.arg_modes[i]!));
    const text = reach(`public.${r.name}`).join('\n');
    const tables = new Set([...text.matchAll(/\bpublic\.([a-z_0-9]+)\b(?!\s*\()/g)].map((m) => m[1]!));
    // Its own body's words first (the states it checks), then those of what it calls.
    const words = [...new Set([...text.matchAll(/'([a-z][a-z_]{1,30})'/g)].map((m) => m[1]!))].slice(0, 4);
    return {
      name: r.name,
      args: r.arg_types.map((type, i) => ({ name: names[i] ?? `$${i + 1}`, type })),
      anon: r.anon,
      authenticated: r.authenticated,
      tables,
      words,
      privileged: /private\.(is_admin|is_moderator\w*|require_admin|require_moderator)\(/.test(text),
    };
  });
}

/** What the sweep sends for one argument of a type. */
function plausible(type: string, id: string, text: string): unknown {
  if (type.endsWith('[]')) {
    const one = plausible(type.slice(0, -2), id, text);
    return [one];
  }
  if (type === 'uuid') return id;
  if (['integer', 'bigint', 'smallint', 'numeric', 'double precision', 'real'].includes(type)) return 1;
  if (type === 'boolean') return true;
  if (type === 'jsonb' || type === 'json') return {};
  if (type.startsWith('timestamp')) return new Date(Date.now() + 86_400_000).toISOString();
  if (type === 'date') return '2026-01-01';
  return text;
}

function garbage(type: string): unknown {
  if (type.endsWith('[]')) return 'not an array';
  if (type === 'uuid') return 'not-a-uuid';
  if (['integer', 'bigint', 'smallint', 'numeric', 'double precision', 'real'].includes(type)) return 1e300;
  if (type === 'boolean') return 'maybe';
  if (type === 'jsonb' || type === 'json') return 'just a string';
  if (type.startsWith('timestamp') || type === 'date') return 'the day after tomorrow';
  return `${"'; select 1; --"}${'x'.repeat(5000)}`;
}

function extreme(type: string): unknown {
  if (type.endsWith('[]')) return [];
  if (type === 'uuid') return '00000000-0000-0000-0000-000000000000';
  if (['integer', 'smallint'].includes(type)) return -2147483648;
  if (['bigint', 'numeric', 'double precision', 'real'].includes(type)) return -9223372036854775808;
  if (type === 'boolean') return false;
  if (type === 'jsonb' || type === 'json') return [null, { a: [] }];
  if (type.startsWith('timestamp') || type === 'date') return 'infinity';
  return '';
}

/** Runs the calls a few at a time: the server answers several requests at once. */
async function inParallel<T>(items: T[], each: (item: T) => Promise<void>, width = 4): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await each(items[next++]!);
    }),
  );
}

/** A text argument that names something (an id, a token, an item) gets the id itself. */
const NAMES_A_THING = /(id|token|item|code|key|serial)s?$/i;

describe.each(drivers)('foreign, missing and garbage ids on %s', (driver) => {
  let server: TestServer;
  let stripe: FakeStripe;
  let paystack: FakePaystack;
  let momo: FakeMtnMomo;
  const log = logCollector();
  let alice: TestUser; // owns everything below
  let bob: TestUser; // a stranger, and a business of his own
  let admin: TestUser;
  let carol: TestUser; // a bystander: the user an admin's calls name (so they never ban alice)
  const world = {} as {
    asset: string;
    publicAsset: string;
    stolenAsset: string;
    transfer: string;
    unit: string;
    counterfeitUnit: string;
    product: string;
    message: string;
  };
  /** An id of every table with a uuid id, and the seeded rows in their states, by table. */
  const pool = new Map<string, string[]>();

  beforeAll(async () => {
    stripe = await startFakeStripe();
    paystack = await startFakePaystack();
    momo = await startFakeMtnMomo();
    server = await startTestServer({
      driver,
      env: { RATE_LIMITS: 'off', ...stripe.serverEnv(), ...paystack.serverEnv(), ...momo.serverEnv() },
      logStream: log.stream,
    });
    alice = await createTestUser(server, { isBusiness: true });
    bob = await createTestUser(server, { isBusiness: true });
    admin = await createTestUser(server, { role: 'admin' });
    carol = await createTestUser(server);
    const q = (sql: string, params: unknown[] = []) => server.ctx.db.query<{ id: string }>(sql, params);
    await q(`select private.ledger_post($1, 1000, 'admin_adjustment', 'test credit')`, [alice.id]);
    const asset = async (title: string, privacy = 'private') =>
      (
        await q(
          `insert into public.assets (owner_id, submission_id, kind, title, privacy, serial_number)
           values ($1, gen_random_uuid(), 'general', $2, $3, $4) returning id`,
          [alice.id, title, privacy, `SN-${title}-${crypto.randomUUID()}`],
        )
      ).rows[0]!.id;
    world.asset = await asset('camera');
    world.publicAsset = await asset('bike', 'public');
    world.stolenAsset = await asset('watch');
    await q(`update public.assets set status = 'stolen' where id = $1`, [world.stolenAsset]);
    const offer = await alice.client.rpc('offer_asset_transfer', { p_asset: world.asset, p_email: carol.email });
    expect(offer.error).toBeNull();
    world.transfer = (await q('select id from public.asset_transfers where asset_id = $1', [world.asset])).rows[0]!.id;
    // Next of kin, invited; a waiting early request; the switch on.
    const kin = await alice.client
      .from('next_of_kin')
      .insert({
        full_name: 'Heir',
        relationship: 'Son',
        email: carol.email,
        access_level: 'inherit',
        receives_kinds: ['general'],
      })
      .select('id')
      .single();
    expect(kin.error).toBeNull();
    expect((await alice.client.rpc('legacy_invite', { p_next_of_kin: kin.data!.id })).error).toBeNull();
    await q(
      `insert into public.legacy_requests (owner_id, next_of_kin_id, requested_at, release_after)
       values ($1, $2, now(), now() + interval '3 days')`,
      [alice.id, kin.data!.id],
    );
    expect(
      (
        await alice.client.rpc('legacy_set_switch', {
          p_enabled: true,
          p_period_months: 12,
          p_grace_days: 14,
          p_waiting_days: 3,
          p_paused_until: null,
        })
      ).error,
    ).toBeNull();
    // A business with a product and two units, one of them marked counterfeit by a moderator.
    expect(
      (await alice.client.from('business_profiles').insert({ business_id: alice.id, brand_name: 'Acme' })).error,
    ).toBeNull();
    world.product = (
      await q(
        `insert into public.business_products (business_id, name, sku) values ($1, 'Diver', 'DIVER-1') returning id`,
        [alice.id],
      )
    ).rows[0]!.id;
    world.unit = (
      await q(
        `insert into public.business_units (business_id, product_id, serial) values ($1, $2, 'AC-0001'), ($1, $2, 'AC-0002') returning id`,
        [alice.id, world.product],
      )
    ).rows[0]!.id;
    world.counterfeitUnit = (await q(`select id from public.business_units where serial = 'AC-0002'`)).rows[0]!.id;
    expect(
      (
        await admin.client.rpc('moderator_set_unit_status', {
          p_unit_id: world.counterfeitUnit,
          p_status: 'counterfeit',
          p_reason: 'fake',
        })
      ).error,
    ).toBeNull();
    // A relayed message, a bug report, a business request, a report, an article.
    world.message = (
      await q(
        `insert into public.asset_messages (asset_id, owner_id, sender_email, message)
         values ($1, $2, 'finder@example.test', 'found it') returning id`,
        [world.publicAsset, alice.id],
      )
    ).rows[0]!.id;
    await q(`insert into public.bug_reports (user_id, error_message) values ($1, 'it broke')`, [alice.id]);
    expect((await carol.client.rpc('request_business_account', { p_note: 'shop' })).error).toBeNull();
    await q(
      `insert into public.moderation_reports (target_kind, asset_id, reason, reporter_hash) values ('asset', $1, 'other', $2)`,
      [world.publicAsset, 'f'.repeat(64)],
    );
    const article = await q(
      `insert into public.news_articles (news_category, author_id) values ('Hello', $1) returning id`,
      [admin.id],
    );
    await q(
      `insert into public.news_article_versions (article_id, language, title, content, status) values ($1, 'en', 'Hello', 'World', 'published')`,
      [article.rows[0]!.id],
    );

    // Every table with a uuid id, read from the catalogue: a new table's ids join the pool.
    const { rows: tables } = await server.ctx.db.query<{ t: string }>(
      `select c.relname as t from pg_attribute a
         join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attname = 'id' and a.atttypid = 'uuid'::regtype
        order by 1`,
    );
    for (const { t } of tables) {
      const { rows } = await server.ctx.db.query<{ id: string }>(
        `select id::text from public."${t}" order by 1 limit 1`,
      );
      if (rows.length)
        pool.set(
          t,
          rows.map((r) => r.id),
        );
    }
    // And the rows seeded in a state a function may refuse (stolen, counterfeit, public, pending).
    const inStates: [string, string[]][] = [
      ['assets', [world.asset, world.publicAsset, world.stolenAsset]],
      ['asset_transfers', [world.transfer]],
      ['business_units', [world.unit, world.counterfeitUnit]],
      ['business_products', [world.product]],
      ['asset_messages', [world.message]],
    ];
    for (const [t, list] of inStates) pool.set(t, [...new Set([...(pool.get(t) ?? []), ...list])]);
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
    await paystack?.close();
    await momo?.close();
  });

  async function rpc(caller: TestUser | undefined, name: string, args: Record<string, unknown>) {
    const res = await fetch(`${server.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${caller ? caller.token : server.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: await res.text(), reqId: res.headers.get('x-request-id') };
  }

  it('answers the refusals of issue 27 with 404 or 409, logged at info without a stack', async () => {
    const cases: [string, TestUser, string, Record<string, unknown>, number][] = [
      ['a bogus invitation token', bob, 'legacy_answer_invite', { p_token: 'bogus-token', p_accept: true }, 404],
      ["accepting someone else's transfer", bob, 'accept_asset_transfer', { p_transfer: world.transfer }, 404],
      [
        'offering a stolen asset',
        alice,
        'offer_asset_transfer',
        { p_asset: world.stolenAsset, p_email: bob.email },
        409,
      ],
      ["another business's unit", bob, 'business_set_unit_status', { p_unit_id: world.unit, p_status: 'sold' }, 404],
      ["another owner's asset proof", bob, 'get_asset_proof', { p_asset_id: world.asset }, 404],
    ];
    for (const [what, caller, name, args, status] of cases) {
      const answer = await rpc(caller, name, args);
      expect([what, answer.status]).toEqual([what, status]);
      expect(answer.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
      const lines = log.lines.filter((l) => l.reqId === answer.reqId);
      expect([what, lines.some((l) => l.level === 30 && l.msg === 'rest request refused by the database')]).toEqual([
        what,
        true,
      ]);
      expect([what, lines.filter((l) => l.level >= 50 || l.err?.stack)]).toEqual([what, []]);
    }
  });

  /** The callers of the sweeps; an admin's calls name carol where the others name alice. */
  const callers = (): { who: string; caller: TestUser | undefined; user: string }[] => [
    { who: 'anon', caller: undefined, user: alice.id },
    { who: 'stranger', caller: bob, user: alice.id },
    { who: 'owner', caller: alice, user: alice.id },
    { who: 'admin', caller: admin, user: carol.id },
  ];

  it('answers every rpc exposed to anon and authenticated without a 5xx', { timeout: 600_000 }, async () => {
    const rpcs = await exposedRpcs(server);
    // The sweep reads the catalogue: it must have found the functions of every area.
    expect(rpcs.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    const seen = new Map<number, number>();
    let calls = 0;
    for (const { who, caller, user } of callers()) {
      for (const f of rpcs) {
        if (!(caller ? f.authenticated : f.anon) || (who === 'admin' && !f.privileged)) {
          // Not executable by this role at all (or nothing an admin may do that a stranger may not):
          // one call shows it is answered, not failed.
          const answer = await rpc(caller, f.name, {});
          calls++;
          if (answer.status >= 500) failures.push(`${who} ${f.name}({}) → ${answer.status} ${answer.body}`);
          continue;
        }
        // The ids of the tables it reads (the owner's rows: someone else's but hers), one of nothing.
        const ids = [user, ...[...pool].filter(([table]) => f.tables.has(table)).flatMap(([, list]) => list), MISSING];
        const word = f.words[0] ?? 'x';
        const base = (id: string, override?: [string, unknown]) =>
          Object.fromEntries(
            f.args.map((a) => [
              a.name,
              override && a.name === override[0]
                ? override[1]
                : plausible(a.type, id, NAMES_A_THING.test(a.name) ? id : word),
            ]),
          );
        const sets: Record<string, unknown>[] = ids.map((id) => base(id));
        // Each text argument with each word its function checks, beside the first of its ids.
        for (const a of f.args.filter((x) => x.type === 'text')) {
          for (const w of [...f.words.slice(1), MISSING]) sets.push(base(ids.at(-2) ?? MISSING, [a.name, w]));
        }
        sets.push(Object.fromEntries(f.args.map((a) => [a.name, garbage(a.type)])));
        sets.push(Object.fromEntries(f.args.map((a) => [a.name, extreme(a.type)])));
        sets.push(Object.fromEntries(f.args.map((a) => [a.name, null])));
        sets.push({});
        await inParallel(sets, async (args) => {
          const answer = await rpc(caller, f.name, args);
          calls++;
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          if (answer.status >= 500)
            failures.push(
              `${who} ${f.name}(${JSON.stringify(args).slice(0, 300)}) → ${answer.status} ${answer.body.slice(0, 300)}`,
            );
        });
      }
    }
    expect(calls).toBeGreaterThan(rpcs.length * 4);
    // It reached the functions' own refusals, not only the API's: missing or foreign rows, and states.
    expect([seen.has(404), seen.has(409)]).toEqual([true, true]);
    expect(failures).toEqual([]);
  });

  it('answers every server function without a 5xx', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    // One body names everything a function might read, so each function finds its own fields.
    const body = (id: string, i: number) => ({
      assetId: id,
      assetIds: [id],
      unitId: id,
      unitIds: [id],
      productId: id,
      packageId: id,
      messageId: id,
      user_id: id,
      submissionId: id,
      token: id,
      serial: id === MISSING ? 'NO-SUCH-SERIAL' : 'AC-0001',
      gtin: null,
      action: ['send', 'confirm', 'reply'][i % 3],
      target: ['asset', 'product'][i % 2],
      reason: 'other',
      format: 'svg',
      layout: 'avery-l7160',
      csv: 'AC-0009',
      banned: true,
      reply: 'Thank you',
      senderEmail: 'finder@example.test',
      message: 'I found it',
      media: [],
      asset: { kind: 'general', title: 'Lamp' },
      fromSeq: 1,
      limit: 1,
      current_password: 'not the password',
      new_password: 'a new long passphrase 123',
      password: 'not the password',
      confirmation: 'DELETE',
    });
    for (const { who, caller, user } of callers()) {
      // Each row of the world (the owner's; someone else's to the others), nothing, and garbage.
      const ids = [...Object.values(world), user, MISSING, 'not-a-uuid'];
      for (const fn of serverFunctions) {
        await inParallel([...ids.entries()], async ([i, id]) => {
          const query = new URLSearchParams({ productId: id, assetId: id, unitId: id, serial: 'AC-0001' });
          const res = await fetch(`${server.url}/functions/v1/${fn.name}?${query}`, {
            method: 'POST',
            headers: {
              apikey: server.anonKey,
              authorization: `Bearer ${caller ? caller.token : server.anonKey}`,
              'content-type': fn.streamBody ? 'text/csv' : 'application/json',
            },
            body: fn.streamBody ? 'serial\nAC-0010\n' : JSON.stringify(body(id, i)),
          });
          const text = await res.text();
          if (res.status >= 500) failures.push(`${who} ${fn.name} id=${id} → ${res.status} ${text.slice(0, 300)}`);
        });
      }
    }
    expect(failures).toEqual([]);
  });
});
