// STORAGE_PUBLIC_URL: user files get their own origin. URLs handed out use it, /config.json tells the
// web app, and a file opened on any other host (the app's origin) is redirected there; API calls
// (uploads, authenticated downloads) are not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';
import { fetchAnswer } from '../helpers/http.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('STORAGE_PUBLIC_URL setting', () => {
  it('accepts an origin and refuses anything with a path', () => {
    expect(loadConfig({ STORAGE_PUBLIC_URL: 'https://files.example.com/' }).storagePublicUrl).toBe(
      'https://files.example.com',
    );
    expect(loadConfig({ SITE_URL: 'https://app.example.com' }).storagePublicUrl).toBe('https://app.example.com');
    expect(() => loadConfig({ STORAGE_PUBLIC_URL: 'https://files.example.com/storage' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_PUBLIC_URL: 'files.example.com' })).toThrow(ConfigError);
  });
});

describe.each(drivers)('a separate origin for user files on %s', (driver) => {
  let server: TestServer;
  let filesOrigin: string;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    // The same server under a second host name plays the files origin.
    filesOrigin = server.url.replace('127.0.0.1', 'localhost');
    server.ctx.config.storagePublicUrl = filesOrigin;
    const service = server.serviceClient();
    expect((await service.storage.createBucket('origin-pics', { public: true })).error).toBeNull();
    expect(
      (await service.storage.from('origin-pics').upload('a.png', PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  it('redirects files opened on the app origin to the files origin, and serves them there', async () => {
    const path = '/storage/v1/object/public/origin-pics/a.png';
    const onApp = await fetchAnswer(`${server.url}${path}`, { redirect: 'manual' });
    expect(onApp.status).toBe(307);
    expect(onApp.headers.get('location')).toBe(`${filesOrigin}${path}`);
    const onFiles = await fetchAnswer(`${filesOrigin}${path}`, { redirect: 'manual' });
    expect(onFiles.status).toBe(200);
    expect(onFiles.body.equals(PNG)).toBe(true);
    const signed = await fetchAnswer(`${server.url}/storage/v1/object/sign/origin-pics/a.png?token=x`, {
      redirect: 'manual',
    });
    expect(signed.status).toBe(307);
  });

  it('leaves API calls on the app origin alone', async () => {
    const auth = { Authorization: `Bearer ${server.serviceRoleKey}` };
    const download = await fetchAnswer(`${server.url}/storage/v1/object/authenticated/origin-pics/a.png`, {
      headers: auth,
      redirect: 'manual',
    });
    expect(download.status).toBe(200);
    const upload = await fetchAnswer(`${server.url}/storage/v1/object/origin-pics/b.png`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'image/png' },
      body: PNG,
      redirect: 'manual',
    });
    expect(upload.status).toBe(200);
  });

  it('tells the web app where files live', async () => {
    const res = await fetch(`${server.url}/config.json`);
    expect(await res.json()).toMatchObject({ supabaseUrl: server.url, storageUrl: filesOrigin });
  });
});
