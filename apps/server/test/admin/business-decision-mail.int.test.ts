// Issue 28, item 4: approving a business sent no mail. The admin dashboard now decides through the
// admin-decide-business-request function, which runs the decision as the admin (the SQL checks the
// role) and mails the requester in their language; a rejection says so, with the admin's note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { postFunction } from '../helpers/functions.js';

describe.each(drivers)('business request decisions on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;
  let admin: TestUser;

  async function decide(body: unknown, token: string | null) {
    const res = await postFunction(server, 'admin-decide-business-request', body, token);
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  /** A user who asked for a business account, in the given interface language. */
  async function applicant(language: 'en' | 'fr'): Promise<{ user: TestUser; requestId: string }> {
    const user = await createTestUser(server);
    await server.ctx.db.query(
      `insert into public.user_settings (user_id, language) values ($1, $2)
       on conflict (user_id) do update set language = excluded.language`,
      [user.id, language],
    );
    const asked = await user.client.rpc('request_business_account', { p_note: 'We sell diving watches' });
    expect(asked.error).toBeNull();
    return { user, requestId: (asked.data as { id: string }).id };
  }

  const isBusiness = async (userId: string) =>
    (
      await server.ctx.db.query<{ b: boolean }>(
        'select is_business_user as b from public.user_profiles where id = $1',
        [userId],
      )
    ).rows[0]!.b;

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ driver, env: { RATE_LIMITS: 'off', SMTP_URL: sink.smtpUrl } });
    admin = await createTestUser(server, { role: 'admin' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('approves a request and mails the business owner, in English', async () => {
    const { user, requestId } = await applicant('en');
    const res = await decide({ requestId, approve: true }, admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: requestId, status: 'approved', mailed: true });
    expect(await isBusiness(user.id)).toBe(true);
    const mail = await sink.nextMail(user.email);
    expect(mail.subject).toBe('[TagLedger] Your business account is approved');
    expect(mail.text).toContain('Your request for a business account on TagLedger was approved.');
    expect(mail.links).toContain(`${server.config.siteUrl}/business-dashboard`);
  });

  it('writes to a French-speaking owner in French', async () => {
    const { user, requestId } = await applicant('fr');
    expect((await decide({ requestId, approve: true }, admin.token)).status).toBe(200);
    const mail = await sink.nextMail(user.email);
    expect(mail.subject).toBe('[TagLedger] Votre compte professionnel est validé');
    expect(mail.text).toContain('Ouvrir votre tableau de bord pro');
  });

  it('rejects a request with a note, and says so to the requester', async () => {
    const { user, requestId } = await applicant('en');
    const res = await decide({ requestId, approve: false, note: 'Please tell us <your> company number' }, admin.token);
    expect(res.json).toMatchObject({ status: 'rejected', mailed: true });
    expect(await isBusiness(user.id)).toBe(false);
    const mail = await sink.nextMail(user.email);
    expect(mail.subject).toBe('[TagLedger] Your business account request was declined');
    expect(mail.text).toContain('Their note: Please tell us <your> company number');
    expect(mail.html).toContain('Please tell us &lt;your&gt; company number');
    expect(mail.links).toContain(`${server.config.siteUrl}/business-upgrade`);
  });

  it('refuses non-admins, visitors, decided and unknown requests, and bad input, and mails nobody', async () => {
    const { user, requestId } = await applicant('en');
    const before = sink.messages.length;
    const stranger = await createTestUser(server);
    expect((await decide({ requestId, approve: true }, stranger.token)).status).toBe(403);
    expect((await decide({ requestId, approve: true }, user.token)).status).toBe(403);
    expect((await decide({ requestId, approve: true }, null)).status).toBe(401);
    expect(await isBusiness(user.id)).toBe(false);
    expect((await decide({ requestId, approve: true }, admin.token)).status).toBe(200);
    await sink.nextMail(user.email);
    const again = await decide({ requestId, approve: false }, admin.token);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('already_decided');
    const unknown = await decide({ requestId: crypto.randomUUID(), approve: true }, admin.token);
    expect(unknown.status).toBe(404);
    for (const body of [{}, { requestId, approve: 'yes' }, { requestId: 'x', approve: true }]) {
      const bad = await decide(body, admin.token);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.code).toBe('invalid');
    }
    expect(sink.messages.length).toBe(before + 1);
  });
});
