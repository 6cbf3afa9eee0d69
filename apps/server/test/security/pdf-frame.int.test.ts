// Newcomer issue: the asset page frames a PDF from storage, and the frame said "refused to
// connect" because storage answers carried the app's `frame-ancestors 'none'`. Storage answers now
// allow framing by the app ('self' and the app's origins) while keeping the sandbox. This suite
// opens, in Chromium, a page of the app's origin that frames a stored PDF through a signed URL
// (as the asset page does) and checks that Chromium's PDF viewer runs inside the frame, and that a
// page of another origin still cannot frame it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { launchChromium, PDF_VIEWER_ORIGIN } from './chromium.js';
import { onePagePdf } from './pdf.js';

/** The URLs of the page's frames once the framed file was shown (PDF viewer) or refused (error page). */
async function framesAfterFraming(page: Page, pageUrl: string, fileUrl: string): Promise<string[]> {
  await page.route(pageUrl, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><iframe src="${fileUrl}" width="600" height="500"></iframe>`,
    }),
  );
  await page.goto(pageUrl);
  const settled = () =>
    page.frames().some((f) => f.url().startsWith(PDF_VIEWER_ORIGIN) || f.url().startsWith('chrome-error:'));
  await expect.poll(settled, { timeout: 15_000 }).toBe(true);
  return page.frames().map((f) => f.url());
}

describe.each(drivers)('framing stored PDFs on %s', (driver) => {
  let server: TestServer;
  let browser: Browser;
  let fileUrl: string;
  let other: http.Server;
  let otherUrl: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ driver }), launchChromium()]);
    const service = server.serviceClient();
    expect((await service.storage.createBucket('pdf-frame', { public: false })).error).toBeNull();
    expect(
      (
        await service.storage
          .from('pdf-frame')
          .upload('doc.pdf', onePagePdf('HELLO'), { contentType: 'application/pdf' })
      ).error,
    ).toBeNull();
    const { data } = await service.storage.from('pdf-frame').createSignedUrl('doc.pdf', 60);
    fileUrl = data!.signedUrl;
    other = http.createServer((_req, res) => res.end());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    other?.close();
    await browser?.close();
    await server?.close();
  });

  it('shows the PDF in a frame of the app', async () => {
    const page = await browser.newPage();
    try {
      const frames = await framesAfterFraming(page, `${server.url}/assets/pdf-frame-test`, fileUrl);
      expect(frames.some((u) => u.startsWith(PDF_VIEWER_ORIGIN))).toBe(true);
      expect(frames.some((u) => u.startsWith('chrome-error:'))).toBe(false);
    } finally {
      await page.close();
    }
  });

  it('still refuses to be framed by another origin', async () => {
    const page = await browser.newPage();
    try {
      const frames = await framesAfterFraming(page, `${otherUrl}/evil`, fileUrl);
      expect(frames.some((u) => u.startsWith(PDF_VIEWER_ORIGIN))).toBe(false);
      expect(frames.some((u) => u.startsWith('chrome-error:'))).toBe(true);
    } finally {
      await page.close();
    }
  });
});
