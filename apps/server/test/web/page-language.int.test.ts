// Every prerendered page in the reader's language (decision 0143): the language cookie the web app
// writes (the account's stored language once signed in, or the visitor's pick), else Accept-Language,
// else English; named in <html lang> from the first byte and in Content-Language, with Vary so no
// shared cache serves French to an English reader. Through the real server, with a small build here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const page = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><title>%APP_NAME%</title><!--app-config--></head><body>` +
  `<div id="root" data-prerendered="${lang}" data-app-name="TagLedger">${body}</div></body></html>`;

describe('pages in the reader’s language', () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-languages-'));

  beforeAll(async () => {
    const write = (file: string, html: string) => {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), html);
    };
    write(
      'index.html',
      '<!doctype html><html lang="en"><head><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    write('prerendered/faq.html', page('en', '<h1>Frequently Asked Questions</h1>'));
    write('prerendered/fr/faq.html', page('fr', '<h1>Questions fréquentes</h1>'));
    write('prerendered/index.html', page('en', '<h1>Own it. Prove it. Pass it on.</h1>'));
    write('prerendered/fr/index.html', page('fr', '<h1>Possédez. Prouvez. Transmettez.</h1>'));
    write('prerendered/verify/_.html', page('en', '<h1>Serial number check</h1>'));
    write('prerendered/fr/verify/_.html', page('fr', '<h1>Vérification du numéro de série</h1>'));
    // A page the build has in English only (a build from before French pages).
    write('prerendered/careers.html', page('en', '<h1>Careers</h1>'));
    write(
      'prerendered/routes.json',
      JSON.stringify({ patterns: ['/', '/faq', '/careers', '/verify/:serialNumber', '/dashboard'] }),
    );
    server = await startTestServer({ overrides: { webDist: dist, appName: 'TagLedger' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${url}`, { headers });
    return { headers: res.headers, text: await res.text() };
  };

  it('follows Accept-Language by weight, a region counting as its language, English otherwise', async () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'en'],
      ['fr', 'fr'],
      ['fr-CM,fr;q=0.9,en;q=0.8', 'fr'],
      ['de-DE,de;q=0.9,fr;q=0.8,en;q=0.7', 'fr'],
      ['en;q=0.5, fr;q=0.9', 'fr'],
      ['fr;q=0, en', 'en'],
      ['de, *;q=0.5', 'en'],
      ['garbage;;;q=x,,', 'en'],
    ];
    for (const [accept, lang] of cases) {
      const res = await get('/faq', accept === undefined ? {} : { 'accept-language': accept });
      expect(res.headers.get('content-language'), accept).toBe(lang);
      expect(res.text, accept).toContain(`<html lang="${lang}">`);
      expect(res.text, accept).toContain(
        lang === 'fr' ? '<h1>Questions fréquentes</h1>' : '<h1>Frequently Asked Questions</h1>',
      );
    }
  });

  it('puts the language cookie (the account’s or the visitor’s choice) before Accept-Language', async () => {
    const english = await get('/', { 'accept-language': 'fr-FR,fr', cookie: 'a=1; tagledger-locale=en; b=2' });
    expect(english.headers.get('content-language')).toBe('en');
    expect(english.text).toContain('<h1>Own it. Prove it. Pass it on.</h1>');
    const french = await get('/', { 'accept-language': 'en-GB', cookie: 'tagledger-locale=fr' });
    expect(french.headers.get('content-language')).toBe('fr');
    expect(french.text).toContain('<html lang="fr">');
    expect(french.text).toContain('<h1>Possédez. Prouvez. Transmettez.</h1>');
    // A cookie naming no language of ours is ignored.
    const unknown = await get('/faq', { 'accept-language': 'fr', cookie: 'tagledger-locale=<script>' });
    expect(unknown.headers.get('content-language')).toBe('fr');
  });

  it('names what it varies on, so no shared cache hands one reader’s language to another, compressed too', async () => {
    for (const url of ['/', '/faq', '/verify/ABC-123', '/dashboard']) {
      const res = await fetch(`${server.url}${url}`, {
        headers: { 'accept-language': 'fr', 'accept-encoding': 'br' },
      });
      const vary = (res.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);
      expect(vary, url).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language', 'cookie']));
      expect(res.headers.get('content-encoding'), url).toBe('br');
      // fetch undoes the compression.
      expect(await res.text(), url).toContain('<html lang="fr">');
    }
  });

  it('sends frames in the reader’s language, the same bytes for every serial', async () => {
    const one = await get('/verify/ABC-123', { 'accept-language': 'fr' });
    expect(one.text).toContain('<h1>Vérification du numéro de série</h1>');
    expect(one.text).not.toContain('ABC-123');
    expect((await get('/verify/ZZZ-999', { 'accept-language': 'fr' })).text).toBe(one.text);
    expect((await get('/verify/ABC-123')).text).toContain('<h1>Serial number check</h1>');
  });

  it('names the language of the pages the app renders itself, and falls back to English where the build has no other', async () => {
    const app = await get('/dashboard', { 'accept-language': 'fr' });
    expect(app.headers.get('content-language')).toBe('fr');
    expect(app.text).toContain('<html lang="fr">');
    expect(app.text).toContain('<div id="root"></div>');
    // English only: the English page, named as such (index.html hides it from a French reader until
    // the app has rendered it in French).
    const careers = await get('/careers', { 'accept-language': 'fr' });
    expect(careers.headers.get('content-language')).toBe('en');
    expect(careers.text).toContain('<html lang="en">');
    expect(careers.text).toContain('<h1>Careers</h1>');
  });
});
