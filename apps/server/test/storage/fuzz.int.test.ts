// Property-based test (the fuzzing of /rest/v1 and /auth/v1, extended to storage): random and
// malformed requests to /storage/v1 — methods, routes, bucket and object names, tokens, headers,
// bodies — from anon and from a signed-in user. Properties: never a 5xx, never SQL text or a stack
// trace in a body, never the bytes or the name of an object another user owns, and every answer
// carries the sandboxing headers.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT } from '../helpers/auth-test.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

/** Inside bob's private object's bytes only; never sent, so an echo of request text cannot match. */
const MARK = 'q8zr4t1wbn6y';
/** Bob's folder: may be echoed when a request names it, never otherwise (listings, errors). */
const NAME_MARK = 'h3kd9v0xpc2m';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const LEAKS = [
  /\bselect\b.+\bfrom\b/i,
  /storage\.objects|storage\.buckets|pg_catalog|set_config/i,
  /\bat .+\.(ts|js):\d+/,
  /node_modules/,
];

const POLICIES_SQL = `
create policy "fuzz owners read" on storage.objects for select to authenticated using (bucket_id = 'fz-private' and owner_id = (select auth.uid())::text);
create policy "fuzz owners write" on storage.objects for insert to authenticated with check (bucket_id = 'fz-private' and owner_id = (select auth.uid())::text);
create policy "fuzz owners update" on storage.objects for update to authenticated using (bucket_id = 'fz-private' and owner_id = (select auth.uid())::text);
create policy "fuzz owners delete" on storage.objects for delete to authenticated using (bucket_id = 'fz-private' and owner_id = (select auth.uid())::text);`;

const HOSTILE = [
  "'",
  '"',
  "'; drop table objects; --",
  '\\',
  '%',
  '%25',
  '%ZZ',
  '%00',
  '..',
  '../..',
  '.',
  '//',
  '/',
  '*',
  '?',
  '#',
  '&',
  '=',
  ';',
  ',',
  ' ',
  '\n',
  '😀',
  'café',
  'a'.repeat(300),
  '$1',
  '::text',
];
const segment = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('a', 'b.png', 'x.txt', 'pending', 'public'),
);

describe.each(drivers)('storage fuzzing on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let bobName = '';
  let bobToken = '';

  beforeAll(async () => {
    server = await startTestServer({ driver });
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    const service = server.serviceClient();
    expect((await service.storage.createBucket('fz-private', { public: false })).error).toBeNull();
    expect(
      (await service.storage.createBucket('fz-public', { public: true, allowedMimeTypes: ['image/*'] })).error,
    ).toBeNull();
    await server.ctx.db.exec(POLICIES_SQL);
    bobName = `${NAME_MARK}/secret.txt`;
    expect(
      (await bob.client.storage.from('fz-private').upload(bobName, `top ${MARK} secret`, { contentType: 'text/plain' }))
        .error,
    ).toBeNull();
    expect(
      (await alice.client.storage.from('fz-private').upload('mine.txt', 'alice file', { contentType: 'text/plain' }))
        .error,
    ).toBeNull();
    expect(
      (await service.storage.from('fz-public').upload('pic.png', PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    const { data } = await bob.client.storage.from('fz-private').createSignedUrl(bobName, 600);
    bobToken = new URL(data!.signedUrl).searchParams.get('token')!;
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  const bucket = fc.oneof(
    fc.constantFrom('fz-private', 'fz-public', 'avatars', 'asset-media', 'bug-screenshots', 'nope', ''),
    segment,
  );
  const objectName = fc.oneof(
    fc.constant('BOB'),
    fc.constantFrom('mine.txt', 'pic.png', NAME_MARK, `${NAME_MARK}/`),
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')),
  );
  const route = fc.tuple(
    fc.constantFrom(
      'object/%B/%N',
      'object/public/%B/%N',
      'object/authenticated/%B/%N',
      'object/sign/%B/%N',
      'object/sign/%B',
      'object/info/%B/%N',
      'object/list/%B',
      'object/upload/sign/%B/%N',
      'object/move',
      'object/copy',
      'object/%B',
      'bucket',
      'bucket/%B',
      'bucket/%B/empty',
      'render/image/public/%B/%N',
      'render/image/sign/%B/%N',
      'media/%N',
      '%N',
    ),
    bucket,
    objectName,
  );
  const caller = fc.constantFrom('anon', 'alice', 'garbage', 'bob-download-token');
  const contentType = fc.constantFrom(
    undefined,
    'application/json',
    'text/plain',
    'image/png',
    'image/gif;,text/html',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
    '',
    ';;;',
    'a/b/c',
  );
  const jsonBody = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.record(
      {
        prefix: segment,
        limit: fc.oneof(fc.integer({ min: -5, max: 2000 }), segment),
        offset: fc.oneof(fc.integer({ min: -5, max: 50 }), segment),
        search: segment,
        expiresIn: fc.oneof(fc.integer({ min: -10, max: 10 ** 10 }), segment),
        paths: fc.array(objectName, { maxLength: 3 }),
        prefixes: fc.array(objectName, { maxLength: 3 }),
        bucketId: bucket,
        sourceKey: objectName,
        destinationKey: objectName,
        destinationBucket: bucket,
        sortBy: fc.record({ column: fc.oneof(fc.constantFrom('name', 'created_at'), segment), order: segment }),
        id: bucket,
        name: bucket,
        public: fc.oneof(fc.boolean(), segment),
        allowed_mime_types: fc.array(segment, { maxLength: 2 }),
        file_size_limit: fc.oneof(fc.integer(), segment),
      },
      { requiredKeys: [] },
    ),
  );
  const body = fc.oneof(
    fc.constant(undefined),
    jsonBody.map((v) => JSON.stringify(v)),
    fc.constantFrom('{', '[1,', 'null', 'GIF89a<script>alert(1)</script>', '\u0000\u0001'),
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  );
  const query = fc.oneof(
    fc.constant(''),
    fc.constantFrom(
      '?token=BOBTOKEN',
      '?token=',
      '?token=a.b.c',
      '?download',
      '?download=x.html',
      '?download=%22%0d%0aX-Evil:1',
    ),
    segment.map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
  );
  const extraHeaders = fc.record(
    {
      range: fc.constantFrom(
        'bytes=0-1',
        'bytes=-5',
        'bytes=5-1',
        'bytes=x',
        'bytes=0-0,2-3',
        'bytes=99999999999999999999-',
      ),
      'if-none-match': fc.constantFrom('*', '"x"', ''),
      'x-upsert': fc.constantFrom('true', 'false', 'maybe'),
      'x-metadata': fc.constantFrom('e30=', 'W10=', '!!!', 'bnVsbA=='),
      'cache-control': fc.constantFrom('max-age=1', '', '\u00ff'),
    },
    { requiredKeys: [] },
  );

  function tokenFor(who: string): Record<string, string> {
    if (who === 'alice') return { Authorization: `Bearer ${alice.token}`, apikey: server.anonKey };
    if (who === 'garbage') return { Authorization: 'Bearer not.a.jwt', apikey: 'nope' };
    if (who === 'bob-download-token') return { Authorization: `Bearer ${bobToken}`, apikey: server.anonKey };
    return { apikey: server.anonKey };
  }

  it('answers random and hostile storage requests without 5xx, leaks, or foreign objects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE'),
        route,
        caller,
        contentType,
        body,
        query,
        extraHeaders,
        async (method, [pattern, b, n], who, type, payload, q, extra) => {
          const name = n === 'BOB' ? bobName : n;
          const path = pattern
            .replace('%B', encodeURIComponent(b))
            .replace('%N', name.split('/').map(encodeURIComponent).join('/'));
          const url = `${server.url}/storage/v1/${path}${q.replace('BOBTOKEN', bobToken)}`;
          const headers: Record<string, string> = { ...tokenFor(who), ...extra };
          if (type !== undefined) headers['content-type'] = type;
          const withBody = method === 'POST' || method === 'PUT' || (method === 'DELETE' && payload !== undefined);
          const res = await fetch(url, { method, headers, ...(withBody ? { body: payload ?? '' } : {}) });
          const text = method === 'HEAD' ? '' : Buffer.from(await res.arrayBuffer()).toString('latin1');
          const context = `${method} ${path}${q} as ${who}`;
          expect(res.status, context).toBeLessThan(500);
          for (const leak of LEAKS) expect(leak.test(text), `${leak} in ${context}: ${text.slice(0, 300)}`).toBe(false);
          // Bob's own signed token (scoped to that one object) is the only way to his bytes.
          const usesBobsGrant =
            q.includes('BOBTOKEN') &&
            res.status < 300 &&
            /object\/sign\/fz-private|render\/image\/sign\/fz-private/.test(path);
          if (!usesBobsGrant)
            expect(text.includes(MARK), `${context} returned bob's object: ${text.slice(0, 300)}`).toBe(false);
          const named = url.includes(NAME_MARK) || (typeof payload === 'string' && payload.includes(NAME_MARK));
          if (!named)
            expect(text.includes(NAME_MARK), `${context} revealed bob's object name: ${text.slice(0, 300)}`).toBe(
              false,
            );
          expect(res.headers.get('x-content-type-options'), context).toBe('nosniff');
          // A path like /storage/v1/.. is normalised by the client to one outside storage.
          if (new URL(url).pathname.startsWith('/storage/v1/')) {
            expect(res.headers.get('content-security-policy') ?? '', context).toMatch(/^default-src 'none'; sandbox; /);
          }
        },
      ),
      { numRuns: 1000, seed: 2611 },
    );
    // Bob's object survived every delete, move and overwrite attempt.
    const { data } = await bob.client.storage.from('fz-private').download(bobName);
    expect(await data?.text()).toBe(`top ${MARK} secret`);
  }, 600_000);
});
