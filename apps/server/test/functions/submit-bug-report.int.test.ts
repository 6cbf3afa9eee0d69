// submit-bug-report through the real server: HTTP exactly as the web app sends it, the row and
// the stored screenshot checked in the database and storage, the admin notice read from a real
// SMTP sink.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getObject } from '../../src/storage/service.js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

// A valid 1×1 JPEG.
const JPEG_B64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

function payload(over: Record<string, unknown> = {}) {
  return {
    errorMessage: 'The save button does nothing',
    consoleLogs: '[2026-11-22T02:00:00.000Z] [ERROR] Save failed: timeout',
    screenshotBase64: `data:image/jpeg;base64,${JPEG_B64}`,
    pageUrl: 'http://localhost/assets',
    userAgent: 'Mozilla/5.0 (test)',
    metadata: {
      timestamp: '2026-11-22T02:00:00.000Z',
      viewport: { width: 1280, height: 800 },
      userRole: 'admin',
      userId: 'x',
    },
    ...over,
  };
}

describe.each(drivers)('submit-bug-report on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;
  let admin: TestUser;

  async function post(body: unknown, token?: string) {
    const res = await fetch(`${server.url}/functions/v1/submit-bug-report`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: server.anonKey,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* non-JSON bodies fail the assertions below */
    }
    return { status: res.status, json, contentType: res.headers.get('content-type') ?? '' };
  }

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ driver, env: { SMTP_URL: sink.smtpUrl } });
    admin = await createTestUser(server, { role: 'admin', email: `admin-${driver}@example.test` });
    // Starting a server migrates a fresh database: slow on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('stores the report and its screenshot, mails the admins and answers {id}', async () => {
    const reporter = await createTestUser(server, {
      email: `reporter-${driver}@example.test`,
      metadata: { full_name: 'Rita Reporter' },
    });
    const res = await post(payload(), reporter.token);
    expect(res.status).toBe(200);
    const id = res.json.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const { rows } = await server.ctx.db.query<Record<string, unknown>>(
      'select * from public.bug_reports where id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({
      user_id: reporter.id,
      user_email: reporter.email,
      user_name: 'Rita Reporter',
      error_message: 'The save button does nothing',
      console_logs: '[2026-11-22T02:00:00.000Z] [ERROR] Save failed: timeout',
      page_url: 'http://localhost/assets',
      user_agent: 'Mozilla/5.0 (test)',
      status: 'new',
      priority: 'medium',
      screenshot_path: `${reporter.id}/${id}.jpg`,
    });
    expect(rows[0]!.metadata).toEqual({
      timestamp: '2026-11-22T02:00:00.000Z',
      viewport: { width: 1280, height: 800 },
      // The client claimed userId 'x' and role 'admin'; the server records the verified ones.
      userRole: 'standard',
      userId: reporter.id,
    });

    const object = await getObject(server.ctx, 'bug-screenshots', `${reporter.id}/${id}.jpg`);
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.body.equals(Buffer.from(JPEG_B64, 'base64'))).toBe(true);

    const mail = await sink.nextMail(admin.email);
    expect(mail.subject).toContain('New bug report from Rita Reporter');
    expect(mail.text).toContain('The save button does nothing');
    expect(mail.links.some((l) => l.endsWith('/bug-reports'))).toBe(true);
  });

  it('does not mail admins who turned off e-mail notifications', async () => {
    const quiet = await createTestUser(server, { role: 'admin', email: `quiet-admin-${driver}@example.test` });
    await server.ctx.db.query('update public.user_settings set email_notifications = false where user_id = $1', [
      quiet.id,
    ]);
    const reporter = await createTestUser(server, {
      email: `reporter2-${driver}@example.test`,
      metadata: { full_name: 'Quinn Reporter' },
    });
    const res = await post(payload(), reporter.token);
    expect(res.status).toBe(200);
    // The admin who wants mail gets one; the one who turned it off gets none once the outbox is empty.
    const mail = await sink.nextMail(admin.email);
    expect(mail.subject).toContain('New bug report from Quinn Reporter');
    await server.ctx.mailer.deliverDue();
    expect(sink.messages.filter((m) => m.to.includes(quiet.email))).toEqual([]);
  });

  it('lets the reporter read their own report but not insert one directly', async () => {
    const reporter = await createTestUser(server);
    const res = await post(payload({ screenshotBase64: JPEG_B64 }), reporter.token);
    expect(res.status).toBe(200);
    const own = await reporter.client.from('bug_reports').select('id, error_message');
    expect(own.data).toEqual([{ id: res.json.id, error_message: 'The save button does nothing' }]);
    const direct = await reporter.client.from('bug_reports').insert({ error_message: 'sneaky' });
    expect(direct.error).not.toBeNull();
  });

  it("answers 401 'No valid session' without a user token", async () => {
    const withAnonKey = await post(payload(), server.anonKey);
    expect(withAnonKey.status).toBe(401);
    expect(withAnonKey.json).toEqual({ error: 'No valid session' });
    const none = await post(payload());
    expect(none.status).toBe(401);
    const bogus = await post(payload(), 'not.a.jwt');
    expect(bogus.status).toBe(401);
  });

  it.each([
    ['a blank description', { errorMessage: '   ' }, 'Please describe the issue'],
    ['no screenshot', { screenshotBase64: '' }, 'Screenshot is required'],
    ['a description over 5000 characters', { errorMessage: 'x'.repeat(5001) }, 'errorMessage'],
    [
      'a screenshot that is not an image',
      { screenshotBase64: Buffer.from('hello world').toString('base64') },
      'JPEG or PNG',
    ],
    ['a GIF data URL', { screenshotBase64: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, 'JPEG or PNG'],
    ['a wrong viewport type', { metadata: { viewport: { width: 'wide', height: 1 } } }, 'metadata.viewport.width'],
  ])('rejects %s with 400 {error}', async (_name, over, message) => {
    const user = await createTestUser(server);
    const res = await post(payload(over), user.token);
    expect(res.status).toBe(400);
    expect(res.contentType).toContain('application/json');
    expect(String(res.json.error)).toContain(message);
  });

  it('rejects a body that is not a JSON object', async () => {
    const user = await createTestUser(server);
    const res = await post([1, 2], user.token);
    expect(res.status).toBe(400);
    expect(typeof res.json.error).toBe('string');
  });

  it('rejects an oversized screenshot and oversized logs with 413 {error}', async () => {
    const user = await createTestUser(server);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff).toString('base64');
    const image = await post(payload({ screenshotBase64: big }), user.token);
    expect(image.status).toBe(413);
    expect(image.json.error).toBe('The screenshot is too large (maximum 5 MB)');
    const logs = await post(payload({ consoleLogs: 'e'.repeat(100 * 1024 + 1) }), user.token);
    expect(logs.status).toBe(413);
    expect(logs.json.error).toBe('The console logs are too large (maximum 100 KB)');
    // Beyond the function's body limit the gateway refuses before parsing, in the same shape.
    const huge = await post(payload({ screenshotBase64: 'A'.repeat(9 * 1024 * 1024) }), user.token);
    expect(huge.status).toBe(413);
    expect(typeof huge.json.error).toBe('string');
    const { rows } = await server.ctx.db.query('select id from public.bug_reports where user_id = $1', [user.id]);
    expect(rows).toEqual([]);
  });

  it('limits each user to 5 reports per 10 minutes with 429 {error}', async () => {
    const user = await createTestUser(server);
    for (let i = 0; i < 5; i++) expect((await post(payload(), user.token)).status).toBe(200);
    const limited = await post(payload(), user.token);
    expect(limited.status).toBe(429);
    expect(typeof limited.json.error).toBe('string');
    // Someone else is not affected.
    const other = await createTestUser(server);
    expect((await post(payload(), other.token)).status).toBe(200);
  });
});
