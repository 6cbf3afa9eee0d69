// Prerendered frames (decision 0136): prerendered/verify/_.html answers /verify/<any serial> with the
// same bytes, so nothing from the URL reaches the HTML; other paths keep their own page or index.html.
// Through the real server, with a small build folder written here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pageTemplate, prerenderedRoot } from '../helpers/web-build.js';

describe('prerendered frames', () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-frames-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'prerendered/verify'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), pageTemplate('<div id="root"></div>'));
    fs.writeFileSync(path.join(dist, 'prerendered/faq.html'), pageTemplate(prerenderedRoot('<h1>FAQ</h1>')));
    fs.writeFileSync(
      path.join(dist, 'prerendered/verify/_.html'),
      pageTemplate(prerenderedRoot('<h1>Serial number check</h1>')),
    );
    fs.writeFileSync(
      path.join(dist, 'prerendered/routes.json'),
      JSON.stringify({
        patterns: [
          '/',
          '/faq',
          '/verify/:serialNumber',
          '/dashboard',
          '/business/products/:id/edit',
          '/01/*',
          '/414/*',
        ],
      }),
    );
    server = await startTestServer({ overrides: { webDist: dist, appName: 'TagLedger' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await fetch(`${server.url}${url}`);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  it('answers every serial with the one frame, reflecting nothing of it', async () => {
    const frame = await get('/verify/ABC-123');
    expect(frame.status).toBe(200);
    expect(frame.type).toContain('text/html');
    expect(frame.text).toContain('<h1>Serial number check</h1>');
    expect(frame.text).not.toContain('ABC-123');
    for (const serial of ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'x%00y', '_']) {
      const res = await get(`/verify/${encodeURIComponent(serial)}`);
      expect(res.status, serial).toBe(200);
      expect(res.text, serial).toBe(frame.text);
    }
    // Raw (unencoded) hostile characters in the path do not change the answer either.
    expect((await get('/verify/"><img%20src=x%20onerror=alert(1)>')).text).toBe(frame.text);
  });

  it('keeps other paths on their own page or index.html', async () => {
    expect((await get('/faq')).text).toContain('<h1>FAQ</h1>');
    for (const url of ['/verify', '/verify/', '/verify/a/b', '/dashboard'])
      expect((await get(url)).text, url).not.toContain('Serial number check');
    // API paths never fall back to a page (here: refused without an API key, in JSON).
    const api = await get('/functions/v1/verify/_');
    expect(api.type).toContain('application/json');
    expect(api.text).not.toContain('Serial number check');
  });

  it("redirects a path the app does not answer to /, and answers the app's own paths as React Router matches them", async () => {
    for (const url of ['/this/page/does-not-exist', '/verify', '/verify/a/b', '/business/products/1', '/faq/extra']) {
      const res = await fetch(`${server.url}${url}`, { redirect: 'manual' });
      expect(res.status, url).toBe(302);
      expect(res.headers.get('location'), url).toBe('/');
    }
    for (const url of ['/FAQ', '/faq/', '/Dashboard', '/verify/abc-123/', '/business/products/7/edit']) {
      const res = await fetch(`${server.url}${url}`, { redirect: 'manual' });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toContain('text/html');
    }
    // Files and API paths keep their own answers.
    expect((await fetch(`${server.url}/missing.js`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${server.url}/rest/v1/nothing`, { redirect: 'manual' })).status).not.toBe(302);
    const operations = await fetch(`${server.url}/operations/v1/nothing`, { redirect: 'manual' });
    expect(operations.status).toBe(404);
    expect(operations.headers.get('content-type')).toContain('application/json');
  });

  it('answers every GS1 Digital Link path under a splat pattern, whatever follows its primary key', async () => {
    for (const url of [
      '/01/09520123456788/21/12345',
      '/01/9520123456788',
      '/01/09520123456788/10/ABC123/21/12345?17=261231',
      '/01/09520123456788/22/2A/10/ABC%2F123/21/12345',
      '/414/9520123456788',
    ]) {
      const res = await fetch(`${server.url}${url}`, { redirect: 'manual' });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toContain('text/html');
    }
    const other = await fetch(`${server.url}/02/09520123456788`, { redirect: 'manual' });
    expect(other.status).toBe(302);
  });

  it('answers HEAD on every page as GET would, without a body (link checkers and uptime monitors)', async () => {
    for (const url of ['/', '/faq', '/verify/ABC-123', '/dashboard']) {
      const getRes = await fetch(`${server.url}${url}`, { headers: { 'accept-encoding': 'identity' } });
      const head = await fetch(`${server.url}${url}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
      expect(head.status, url).toBe(200);
      expect(head.headers.get('content-type'), url).toContain('text/html');
      expect(head.headers.get('content-length'), url).toBe(getRes.headers.get('content-length'));
      expect(await head.text(), url).toBe('');
      await getRes.arrayBuffer();
    }
    // Other methods on a page path are still refused, and API paths keep their own answers.
    expect((await fetch(`${server.url}/faq`, { method: 'DELETE' })).status).toBe(404);
    const api = await fetch(`${server.url}/functions/v1/verify/_`, { method: 'HEAD' });
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
