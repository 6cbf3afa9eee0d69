// The /functions/v1 gateway through supabase.functions.invoke: routing, JWT verification, body
// decoding per content type, per-function body limits, error shapes and CORS preflight.
// Test functions are registered at run time (registerFunction) so nothing fake ships in registry.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';
import { registerFunction } from '../../src/functions/routes.js';
import { FunctionError } from '../../src/functions/errors.js';

const unregister = [
  registerFunction({
    name: 'test-echo',
    verifyJwt: true,
    bodyLimit: 64,
    async handler({ req, principal, rawBody }) {
      const body = req.body;
      let kind: string = typeof body;
      let value: unknown = body;
      if (Buffer.isBuffer(body)) {
        kind = 'buffer';
        value = [...body];
      } else if (body instanceof FormData) {
        kind = 'formdata';
        const file = body.get('file') as File;
        value = { note: body.get('note'), file: await file.text(), fileName: file.name };
      }
      return {
        kind,
        value,
        method: req.method,
        path: (req.params as Record<string, string>)['*'] ?? '',
        query: req.query,
        role: principal.role,
        userId: principal.userId ?? null,
        rawLength: rawBody?.length ?? null,
      };
    },
  }),
  registerFunction({
    name: 'test-open',
    verifyJwt: false,
    async handler({ principal }) {
      return { role: principal.role };
    },
  }),
  registerFunction({
    name: 'test-fail',
    verifyJwt: false,
    async handler({ req }) {
      const mode = (req.query as { mode?: string }).mode;
      if (mode === 'client') throw new FunctionError(422, 'Bad thing requested');
      if (mode === 'details')
        throw new FunctionError(409, 'Price changed', { code: 'price_changed', quote: { total: 7 } });
      if (mode === 'unavailable') throw new FunctionError(503, 'Mail is down', { code: 'mail_unavailable' });
      if (mode === 'status') throw Object.assign(new Error('No such record'), { status: 404 });
      throw new Error('secret database detail at /srv/x.ts:12');
    },
  }),
  registerFunction({
    name: 'test-reply',
    verifyJwt: false,
    async handler({ reply }) {
      return reply.code(201).type('text/plain').send('made');
    },
  }),
];

describe.each(drivers)('functions gateway on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => {
    await server?.close();
    if (driver === drivers[drivers.length - 1]) unregister.forEach((u) => u());
  });

  it('answers 404 NOT_FOUND for an unknown function', async () => {
    const { data, error } = await server.anonClient().functions.invoke('no-such-function');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('requires a valid JWT when the function verifies JWTs', async () => {
    const missing = await fetch(`${server.url}/functions/v1/test-echo`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const invalid = await fetch(`${server.url}/functions/v1/test-echo`, {
      method: 'POST',
      headers: { Authorization: 'Bearer abc.def.ghi' },
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const expired = await server.ctx.keys.sign(
      { sub: 'x', role: 'authenticated', iat: Math.floor(Date.now() / 1000) - 7200 },
      60,
    );
    const old = await fetch(`${server.url}/functions/v1/test-echo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${expired}` },
    });
    expect(old.status).toBe(401);
  });

  it('passes JSON, text, binary and form bodies and the principal', async () => {
    const user = await createTestUser(server);
    const json = await user.client.functions.invoke('test-echo', { body: { hello: 'world' } });
    expect(json.error).toBeNull();
    expect(json.data).toMatchObject({
      kind: 'object',
      value: { hello: 'world' },
      method: 'POST',
      role: 'authenticated',
      userId: user.id,
      rawLength: 17,
    });

    const text = await user.client.functions.invoke('test-echo', { body: 'plain words' });
    expect(text.data).toMatchObject({ kind: 'string', value: 'plain words' });

    const blob = await user.client.functions.invoke('test-echo', { body: new Blob([new Uint8Array([1, 2, 255])]) });
    expect(blob.data).toMatchObject({ kind: 'buffer', value: [1, 2, 255] });

    const form = new FormData();
    form.append('note', 'n');
    form.append('file', new Blob(['abc'], { type: 'text/plain' }), 'a.txt');
    const big = await user.client.functions.invoke('test-echo', { body: form });
    // The multipart framing alone exceeds this function's 64-byte limit.
    expect((big.error as FunctionsHttpError).context.status).toBe(413);

    const anon = await server.anonClient().functions.invoke('test-echo', { method: 'GET' });
    expect(anon.data).toMatchObject({ role: 'anon', userId: null, kind: 'undefined' });
  });

  it('decodes multipart bodies into FormData', async () => {
    const unregisterBig = registerFunction({
      name: 'test-form',
      verifyJwt: false,
      async handler({ req }) {
        const form = req.body as FormData;
        const file = form.get('file') as File;
        return { note: form.get('note'), file: await file.text(), fileName: file.name, type: file.type };
      },
    });
    try {
      const form = new FormData();
      form.append('note', 'n');
      form.append('file', new Blob(['abc'], { type: 'text/plain' }), 'a.txt');
      const { data, error } = await server.anonClient().functions.invoke('test-form', { body: form });
      expect(error).toBeNull();
      expect(data).toEqual({ note: 'n', file: 'abc', fileName: 'a.txt', type: 'text/plain' });
    } finally {
      unregisterBig();
    }
  });

  it('routes sub-paths and query strings to the function', async () => {
    const user = await createTestUser(server);
    const { data } = await user.client.functions.invoke('test-echo/items/42?x=1', { method: 'GET' });
    expect(data).toMatchObject({ method: 'GET', path: 'items/42', query: { x: '1' } });
  });

  it('lets open functions run for anonymous callers and ignores a bad token there', async () => {
    expect(await fetch(`${server.url}/functions/v1/test-open`, { method: 'POST' }).then((r) => r.json())).toEqual({
      role: 'anon',
    });
    const res = await fetch(`${server.url}/functions/v1/test-open`, {
      method: 'POST',
      headers: { Authorization: 'Bearer junk' },
    });
    expect(await res.json()).toEqual({ role: 'anon' });
    expect((await server.serviceClient().functions.invoke('test-open')).data).toEqual({ role: 'service_role' });
  });

  it('enforces the per-function body limit', async () => {
    const user = await createTestUser(server);
    const { error } = await user.client.functions.invoke('test-echo', { body: 'x'.repeat(65) });
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Payload too large' });
    // A larger body is read to its end so the client still receives the 413.
    const big = await user.client.functions.invoke('test-echo', { body: new Blob([new Uint8Array(200 * 1024)]) });
    expect((big.error as FunctionsHttpError).context.status).toBe(413);
    const after = await user.client.functions.invoke('test-echo', { body: 'ok' });
    expect(after.data).toMatchObject({ value: 'ok' });
  });

  it('answers malformed JSON with 400', async () => {
    const user = await createTestUser(server);
    const res = await fetch(`${server.url}/functions/v1/test-echo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid JSON body' });
  });

  it('turns 4xx errors into {error} and hides everything else behind a 500', async () => {
    const client = server.anonClient();
    const c = await client.functions.invoke('test-fail?mode=client');
    expect((c.error as FunctionsHttpError).context.status).toBe(422);
    expect(await (c.error as FunctionsHttpError).context.json()).toEqual({ error: 'Bad thing requested' });
    const s = await client.functions.invoke('test-fail?mode=status');
    expect((s.error as FunctionsHttpError).context.status).toBe(404);
    expect(await (s.error as FunctionsHttpError).context.json()).toEqual({ error: 'No such record' });
    const d = await client.functions.invoke('test-fail?mode=details');
    expect((d.error as FunctionsHttpError).context.status).toBe(409);
    expect(await (d.error as FunctionsHttpError).context.json()).toEqual({
      error: 'Price changed',
      code: 'price_changed',
      quote: { total: 7 },
    });
    const u = await client.functions.invoke('test-fail?mode=unavailable');
    expect((u.error as FunctionsHttpError).context.status).toBe(503);
    expect(await (u.error as FunctionsHttpError).context.json()).toEqual({
      error: 'Mail is down',
      code: 'mail_unavailable',
    });
    const crash = await client.functions.invoke('test-fail');
    const res = (crash.error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('{"error":"Internal error"}');
  });

  it('lets a handler send its own response', async () => {
    const { data } = await server.anonClient().functions.invoke('test-reply');
    expect(data).toBe('made');
  });

  it('answers CORS preflights for functions', async () => {
    const res = await fetch(`${server.url}/functions/v1/test-echo`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://app.example');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });
});
