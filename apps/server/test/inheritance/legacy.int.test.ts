// The legacy journey through the real server on both drivers: invitation and acceptance by mail,
// a 3-month switch, the test clock advanced through POST /test/v1/clock, each reminder mailed once,
// the final notice and the release mails, and the heir's view of what was left to them. Then the
// deny cases over HTTP, and (on PostgreSQL) two servers on one database, one stopped mid-countdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { createTestDatabase } from '@tagledger/db/testing';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';
import { runLegacySweep, sendLegacyMails } from '../../src/inheritance/jobs.js';

const ENV = { RATE_LIMITS: 'off', MAILER_AUTOCONFIRM: 'true', TEST_CLOCK: 'on', JOBS_POLL_SECONDS: '0.5' };

async function signUp(server: TestServer, email: string): Promise<{ client: SupabaseClient; id: string }> {
  const client = server.anonClient();
  const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-battery-9' });
  if (error) throw error;
  return { client, id: data.user!.id };
}

async function advance(server: TestServer, days: number, key = server.serviceRoleKey): Promise<Response> {
  return fetch(`${server.url}/test/v1/clock`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({ advance_days: days }),
  });
}

/** Owner with a legacy asset and an heir who accepted the invitation from its mail. */
async function family(server: TestServer, sink: MailSink) {
  const ownerEmail = uniqueEmail('owner');
  const heirEmail = uniqueEmail('heir');
  const owner = await signUp(server, ownerEmail);
  const heir = await signUp(server, heirEmail);
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), 'legacy', 'Grandpa''s watch') returning id`,
    [owner.id],
  );
  const kin = await owner.client
    .from('next_of_kin')
    .insert({
      full_name: 'Heir',
      relationship: 'Son',
      email: heirEmail,
      access_level: 'inherit',
      receives_kinds: ['legacy'],
      message: 'Wind it daily',
    })
    .select('id')
    .single();
  expect(kin.error).toBeNull();
  expect((await owner.client.rpc('legacy_invite', { p_next_of_kin: kin.data!.id })).error).toBeNull();
  const invite = await sink.nextMail(heirEmail);
  expect(invite.subject).toBe('[TagLedger] You have been named as a next of kin');
  const token = new URL(invite.links.find((l) => l.includes('/nok/accept'))!).searchParams.get('token')!;
  expect((await heir.client.rpc('legacy_answer_invite', { p_token: token, p_accept: true })).error).toBeNull();
  expect((await sink.nextMail(ownerEmail)).subject).toBe('[TagLedger] Heir accepted your invitation');
  return { owner, heir, ownerEmail, heirEmail, assetId: rows[0]!.id };
}

describe.each(drivers)('legacy journey on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ driver, env: { ...ENV, SMTP_URL: sink.smtpUrl } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('reminds the owner once per step, then releases to the heir, who sees only what was left to them', async () => {
    const { owner, heir, ownerEmail, heirEmail, assetId } = await family(server, sink);
    expect((await heir.client.rpc('legacy_released_to_me')).data).toEqual([]);
    const set = await owner.client.rpc('legacy_set_switch', {
      p_enabled: true,
      p_period_months: 3,
      p_grace_days: 14,
      p_waiting_days: 7,
      p_paused_until: null,
    });
    expect(set.error).toBeNull();
    expect((await sink.nextMail(ownerEmail)).subject).toBe('[TagLedger] Your inactivity switch was changed');

    // Three months are 89 to 92 days, by the calendar of the day the test runs (from 29 November they
    // end on 28 February): the steps are counted from the end the database computes, not assumed.
    const { rows } = await server.ctx.db.query<{ days: number }>(
      "select extract(day from ($1::timestamptz + interval '3 months') - $1::timestamptz)::int as days",
      [(set.data as { last_activity_at: string }).last_activity_at],
    );
    const period = rows[0]!.days;
    for (const [days, left] of [
      [period - 30, 30],
      [16, 14],
      [7, 7],
      [6, 1],
    ] as const) {
      expect((await advance(server, days)).status).toBe(200);
      expect((await sink.nextMail(ownerEmail)).subject).toBe(
        `[TagLedger] Are you still there? ${left === 1 ? '1 day left' : `${left} days left`}`,
      );
    }
    expect((await advance(server, 2)).status).toBe(200);
    expect((await sink.nextMail(ownerEmail)).subject).toMatch(
      /^\[TagLedger\] Final notice: your legacy will be released on /,
    );
    expect((await advance(server, 15)).status).toBe(200);
    expect((await sink.nextMail(ownerEmail)).subject).toBe('[TagLedger] Your legacy was released');
    const notice = await sink.nextMail(heirEmail);
    expect(notice.subject).toBe('[TagLedger] Assets were left to you');
    expect(notice.text).not.toContain('Wind it daily');

    // Another sweep takes no step twice: exactly one mail per step reached each person.
    await advance(server, 1);
    const toOwner = sink.messages.filter((m) => m.to.includes(ownerEmail)).map((m) => m.subject);
    expect(toOwner.filter((s) => s.includes('still there'))).toHaveLength(4);
    expect(toOwner.filter((s) => s.includes('Final notice'))).toHaveLength(1);
    expect(sink.messages.filter((m) => m.to.includes(heirEmail) && m.subject.includes('left to you'))).toHaveLength(1);

    const released = await heir.client.rpc('legacy_released_to_me');
    expect(released.error).toBeNull();
    expect(released.data).toHaveLength(1);
    expect(released.data[0].message).toBe('Wind it daily');
    expect(released.data[0].assets.map((a: { id: string }) => a.id)).toEqual([assetId]);
  });

  it("writes each mail in its recipient's language: an invitee without an account gets the owner's", async () => {
    const ownerEmail = uniqueEmail('fr-owner');
    const heirEmail = uniqueEmail('fr-heir');
    const owner = server.anonClient();
    const signed = await owner.auth.signUp({
      email: ownerEmail,
      password: 'correct-horse-battery-9',
      options: { data: { language: 'fr' } },
    });
    expect(signed.error).toBeNull();
    const kin = await owner
      .from('next_of_kin')
      .insert({
        full_name: 'Amina',
        relationship: 'Fille',
        email: heirEmail,
        access_level: 'inherit',
        receives_kinds: ['legacy'],
      })
      .select('id')
      .single();
    expect(kin.error).toBeNull();
    expect((await owner.rpc('legacy_invite', { p_next_of_kin: kin.data!.id })).error).toBeNull();
    const invite = await sink.nextMail(heirEmail);
    expect(invite.subject).toBe('[TagLedger] Vous avez été désigné comme proche');
    expect(invite.text).toContain('Répondre à l’invitation: ');
    expect(invite.html).toContain('lang="fr"');

    // The heir signs up in English: from now on their mails are English, the owner's stay French.
    const heir = await signUp(server, heirEmail);
    const token = new URL(invite.links.find((l) => l.includes('/nok/accept'))!).searchParams.get('token')!;
    expect((await heir.client.rpc('legacy_answer_invite', { p_token: token, p_accept: true })).error).toBeNull();
    const answered = await sink.nextMail(ownerEmail);
    expect(answered.subject).toBe('[TagLedger] Amina a accepté votre invitation');
    expect(answered.text).toContain('Amina a accepté votre invitation à devenir votre proche.');

    const set = await owner.rpc('legacy_set_switch', {
      p_enabled: true,
      p_period_months: 3,
      p_grace_days: 14,
      p_waiting_days: 7,
      p_paused_until: null,
    });
    expect(set.error).toBeNull();
    const changed = await sink.nextMail(ownerEmail);
    expect(changed.subject).toBe('[TagLedger] Votre interrupteur d’inactivité a été modifié');
    expect(changed.text).toContain('après 3 mois sans activité et un délai de grâce de 14 jours');
    expect((await advance(server, 62)).status).toBe(200);
    const reminder = await sink.nextMail(ownerEmail);
    expect(reminder.subject).toBe('[TagLedger] Êtes-vous toujours là ? Plus que 30 jours');
    expect(reminder.text).toMatch(/le \d{2}\/\d{2}\/\d{4}\./);
  });

  it('refuses the clock control without the service-role key and never exposes the sweep', async () => {
    expect((await advance(server, 1, server.anonKey)).status).toBe(401);
    const bad = await fetch(`${server.url}/test/v1/clock`, {
      method: 'POST',
      headers: { apikey: server.serviceRoleKey, 'content-type': 'application/json' },
      body: JSON.stringify({ advance_days: 'soon' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
    const { heir } = await family(server, sink);
    const sweep = await heir.client.rpc('legacy_sweep');
    expect(sweep.error).not.toBeNull();
    const stranger = await signUp(server, uniqueEmail('stranger'));
    const set = await stranger.client.rpc('legacy_set_switch', {
      p_enabled: true,
      p_period_months: 1,
      p_grace_days: 14,
      p_waiting_days: 7,
      p_paused_until: null,
    });
    expect(set.error).toMatchObject({ code: '22023', message: 'The period must be between 3 months and 5 years' });
  });

  it('takes each step once when sweeps run at the same time', async () => {
    const { owner, heirEmail } = await family(server, sink);
    await owner.client.rpc('legacy_set_switch', {
      p_enabled: true,
      p_period_months: 3,
      p_grace_days: 14,
      p_waiting_days: 7,
      p_paused_until: null,
    });
    await server.ctx.db.query('update private.app_clock set offset_seconds = offset_seconds + 200 * 86400');
    await Promise.all([runLegacySweep(server.ctx), runLegacySweep(server.ctx), runLegacySweep(server.ctx)]);
    await Promise.all([sendLegacyMails(server.ctx), sendLegacyMails(server.ctx)]);
    await sink.nextMail(heirEmail);
    await advance(server, 0);
    expect(sink.messages.filter((m) => m.to.includes(heirEmail) && m.subject.includes('left to you'))).toHaveLength(1);
  });
});

describe.each(drivers.filter((d) => d === 'pg'))('legacy with two servers on one %s database', (driver) => {
  let a: TestServer;
  let b: TestServer;
  let aClosed = false;
  let sink: MailSink;
  let database: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    expect(driver).toBe('pg');
    sink = await startMailSink();
    database = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    const env = { ...ENV, SMTP_URL: sink.smtpUrl, DATABASE_URL: database.url };
    a = await startTestServer({ env });
    b = await startTestServer({ env });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await b?.close();
    if (!aClosed) await a?.close();
    await database?.drop();
    await sink?.close();
  });

  it('keeps counting on the other server when one stops, and releases once with one set of mails', async () => {
    const { owner, ownerEmail, heirEmail } = await family(a, sink);
    await owner.client.rpc('legacy_set_switch', {
      p_enabled: true,
      p_period_months: 3,
      p_grace_days: 14,
      p_waiting_days: 7,
      p_paused_until: null,
    });
    await sink.nextMail(ownerEmail);
    await advance(a, 62);
    expect((await sink.nextMail(ownerEmail)).subject).toBe('[TagLedger] Are you still there? 30 days left');
    // Both servers sweep the same due steps at once; then server a stops mid-countdown.
    await a.ctx.db.query('update private.app_clock set offset_seconds = offset_seconds + 16 * 86400');
    await Promise.all([runLegacySweep(a.ctx), runLegacySweep(b.ctx)]);
    await Promise.all([sendLegacyMails(a.ctx), sendLegacyMails(b.ctx)]);
    expect((await sink.nextMail(ownerEmail)).subject).toBe('[TagLedger] Are you still there? 14 days left');
    await a.close();
    aClosed = true;
    await advance(b, 60);
    await sink.nextMail(heirEmail);
    // The owner's mail of the release leaves with the heir's and may arrive a moment after it.
    const released = (m: { to: string[]; subject: string }) =>
      m.to.includes(ownerEmail) && m.subject === '[TagLedger] Your legacy was released';
    await expect.poll(() => sink.messages.some(released), { timeout: 10_000 }).toBe(true);
    await advance(b, 1);
    const toOwner = sink.messages.filter((m) => m.to.includes(ownerEmail)).map((m) => m.subject);
    expect(toOwner.filter((s) => s.includes('14 days left'))).toHaveLength(1);
    expect(toOwner.filter((s) => s === '[TagLedger] Your legacy was released')).toHaveLength(1);
    expect(sink.messages.filter((m) => m.to.includes(heirEmail) && m.subject.includes('left to you'))).toHaveLength(1);
  });
});
