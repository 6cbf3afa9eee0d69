// Security hole 9: redirect_to accepted any loopback host and port (and so any local app could
// receive a victim's tokens). Now only the SITE_URL origin and ADDITIONAL_REDIRECT_URLS patterns
// (GoTrue's `*` / `**` wildcards) are honoured; anything else falls back to a SITE_URL page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowListPattern } from '../../src/auth/services/redirect.js';
import { loadConfig } from '../../src/config/index.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { STARTUP_TIMEOUT, uniqueEmail } from '../helpers/auth-test.js';

const ADDITIONAL = 'https://*.tagledger.test/**,http://mobile.tagledger.test/callback';

describe('allow-list patterns', () => {
  it('`*` stays inside one label or path segment, `**` crosses them', () => {
    const p = allowListPattern('https://*.tagledger.test/**');
    expect(p.test('https://app.tagledger.test/auth/callback?x=1')).toBe(true);
    expect(p.test('https://a.b.tagledger.test/')).toBe(false);
    expect(p.test('https://evil.test/.tagledger.test/')).toBe(false);
    expect(p.test('https://app.tagledger.test.evil.test/')).toBe(false);
    const exact = allowListPattern('http://mobile.tagledger.test/callback');
    expect(exact.test('http://mobile.tagledger.test/callback')).toBe(true);
    expect(exact.test('http://mobile.tagledger.test/callback/../x')).toBe(false);
    expect(exact.test('http://mobileXtagledger.test/callback')).toBe(false);
  });

  it('allows the loopback twins of the default site only while SITE_URL is unset', () => {
    expect(loadConfig({ PORT: '3000' }).additionalRedirectUrls).toEqual([
      'http://127.0.0.1:3000/**',
      'http://[::1]:3000/**',
    ]);
    expect(
      loadConfig({ PORT: '3000', SITE_URL: 'https://tagledger.test', ADDITIONAL_REDIRECT_URLS: ' a , b,' })
        .additionalRedirectUrls,
    ).toEqual(['a', 'b']);
  });
});

describe.each(drivers)('redirect allow list on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;
  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({
      driver,
      env: { SMTP_URL: sink.smtpUrl, RATE_LIMITS: 'off', ADDITIONAL_REDIRECT_URLS: ADDITIONAL },
    });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** The redirect_to generate_link settles on (the same function serves every endpoint). */
  async function settled(redirectTo: string): Promise<string> {
    const email = uniqueEmail('redir');
    const { data, error } = await server
      .serviceClient()
      .auth.admin.generateLink({ type: 'magiclink', email: await existing(email), options: { redirectTo } });
    expect(error).toBeNull();
    return data.properties!.redirect_to;
  }

  async function existing(email: string): Promise<string> {
    const { error } = await server
      .serviceClient()
      .auth.admin.createUser({ email, password: 'Tl-correct-horse-42!', email_confirm: true });
    expect(error).toBeNull();
    return email;
  }

  it('refuses an evil host and every other loopback host or port', async () => {
    const port = Number(new URL(server.url).port);
    for (const target of [
      'https://evil.test/steal',
      `http://127.0.0.1:${port + 1}/auth/callback`,
      'http://localhost:9999/auth/callback',
      'http://[::1]:8080/',
      'http://127.0.0.2/',
      `http://evil.test@127.0.0.1:${port}/`,
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(await settled(target), target).toBe(server.url);
    }
  });

  it('keeps any path on the SITE_URL origin', async () => {
    expect(await settled(`${server.url}/welcome?from=mail`)).toBe(`${server.url}/welcome?from=mail`);
  });

  it('keeps URLs matching an ADDITIONAL_REDIRECT_URLS pattern, with the wildcard rules', async () => {
    expect(await settled('https://preview-42.tagledger.test/auth/callback?x=1')).toBe(
      'https://preview-42.tagledger.test/auth/callback?x=1',
    );
    expect(await settled('http://mobile.tagledger.test/callback')).toBe('http://mobile.tagledger.test/callback');
    expect(await settled('https://a.b.tagledger.test/')).toBe(server.url);
    expect(await settled('http://mobile.tagledger.test/other')).toBe(server.url);
  });

  it('applies to mailed links: a recovery mail never points at another host', async () => {
    const email = await existing(uniqueEmail('mailed'));
    const { error } = await server
      .anonClient()
      .auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:1/reset-password' });
    expect(error).toBeNull();
    const link = new URL((await sink.nextMail(email)).links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/reset-password`);
  });

  it('applies to GET /verify: the Location header stays on an allowed origin', async () => {
    const email = await existing(uniqueEmail('verify'));
    const { data } = await server.serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
    const res = await fetch(
      `${server.url}/auth/v1/verify?token=${data.properties!.hashed_token}&type=magiclink&redirect_to=${encodeURIComponent('http://127.0.0.1:1/x')}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(server.url);
    expect(location.hash).toContain('access_token=');
  });
});
