// Hole 1 of the security issue: a file uploaded to the public avatars bucket with a crafted
// Content-Type (`image/gif;,text/html`) passed the bucket's image-only check (which read the part
// before `;`) but was served with the raw header, which Chromium reads as the last type in the
// list — text/html — so the "avatar" ran script as the app. This suite performs the attack in
// Chromium: a GIF/HTML polyglot page that loads a GIF/JavaScript polyglot from the same origin
// (our page CSP allows scripts from 'self'), and proves no script ran.
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';
import { fetchAnswer } from '../helpers/http.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { launchChromium } from './chromium.js';

function upload(server: TestServer, user: TestUser, name: string, contentType: string, body: string) {
  return fetchAnswer(`${server.url}/storage/v1/object/avatars/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.token}`, apikey: server.anonKey, 'content-type': contentType },
    body,
  });
}

describe.each(drivers)('stored XSS through crafted upload types on %s', (driver) => {
  let server: TestServer;
  let browser: Browser;
  let mallory: TestUser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ driver }), launchChromium()]);
    mallory = await createTestUser(server);
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Uploads the two polyglots under avatar names (<uuid>.gif); returns the page's public URL. */
  async function plantPolyglots(): Promise<{ url: string; names: string[] }> {
    const [scriptName, pageName] = [`${crypto.randomUUID()}.gif`, `${crypto.randomUUID()}.gif`];
    // Both files carry a GIF signature for the upload check and are HTML / JavaScript to a browser.
    const script = await upload(
      server,
      mallory,
      scriptName,
      'image/gif;,text/javascript',
      'GIF89a=1;document.title="PWNED-EXTERNAL";',
    );
    const page = await upload(
      server,
      mallory,
      pageName,
      'image/gif;,text/html',
      `GIF89a<html><body><script src="${scriptName}"></script><script>document.title+="|PWNED-INLINE"</script></body></html>`,
    );
    // Accepted: the declared type's checked part (image/gif) is allowed in the avatars bucket.
    expect(script.status).toBe(200);
    expect(page.status).toBe(200);
    return { url: `${server.url}/storage/v1/object/public/avatars/${pageName}`, names: [scriptName, pageName] };
  }

  async function titleAfterOpening(url: string): Promise<string> {
    const tab = await browser.newPage();
    try {
      await tab.goto(url);
      // goto resolves after the load event: every parser-inserted script (inline or the same-origin
      // file) would have run by then and changed the title.
      return await tab.title();
    } finally {
      await tab.close();
    }
  }

  it('uploads a GIF/HTML polyglot with a crafted type, opens its public URL, and no script runs', async () => {
    const { url } = await plantPolyglots();
    expect(await titleAfterOpening(url)).not.toMatch(/PWNED/);
  });

  it('keeps polyglots stored with raw types by an older server inert too', async () => {
    const { url, names } = await plantPolyglots();
    // What the old server stored: the raw header, parameters and all.
    const raw = ['image/gif;,text/javascript', 'image/gif;,text/html'];
    for (const [i, name] of names.entries()) {
      await server.ctx.db.query(
        `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', to_jsonb($2::text)) where bucket_id = 'avatars' and name = $1`,
        [name, raw[i]],
      );
    }
    expect(await titleAfterOpening(url)).not.toMatch(/PWNED/);
    const res = await fetchAnswer(url);
    expect(res.headers.get('content-type')).toBe('image/gif');
  });

  it('stores and serves only the checked type, with sandboxing headers', async () => {
    const typed = `${crypto.randomUUID()}.gif`;
    const res = await upload(server, mallory, typed, 'image/gif;,text/html', 'GIF89a<script>1</script>');
    expect(res.status).toBe(200);
    const { rows } = await server.ctx.db.query<{ mimetype: string }>(
      `select metadata ->> 'mimetype' as mimetype from storage.objects where bucket_id = 'avatars' and name = $1`,
      [typed],
    );
    expect(rows[0]?.mimetype).toBe('image/gif');
    const got = await fetchAnswer(`${server.url}/storage/v1/object/public/avatars/${typed}`);
    expect(got.headers.get('content-type')).toBe('image/gif');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toMatch(/^default-src 'none'; sandbox; frame-ancestors 'self'/);
    // An image may be shown inline.
    expect(got.headers.get('content-disposition')).toBeNull();
  });

  it('refuses a declared type that is not a well-formed type', async () => {
    const bad = `${crypto.randomUUID()}.gif`;
    const res = await upload(server, mallory, bad, 'image/gif ,text/html', 'GIF89a');
    expect(res.status).toBe(400);
    // Refused before the engine by the HTTP layer's media-type parser, or by the engine's check.
    expect(JSON.parse(res.body.toString())).toMatchObject({
      statusCode: expect.stringMatching(/^4\d\d$/),
      message: expect.any(String),
    });
    const { rows } = await server.ctx.db.query(
      `select 1 from storage.objects where bucket_id = 'avatars' and name = $1`,
      [bad],
    );
    expect(rows).toHaveLength(0);
  });
});
