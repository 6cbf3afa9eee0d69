// REST_TX_END (PostgREST's db-tx-end) and `Prefer: tx=commit|rollback`: the preference is honoured
// only where the setting allows overrides; a rolled-back write still answers with its result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/index.js';
import { reloadSchemaCache } from '../../src/rest/routes.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';

const SQL = `
create table public.tx_notes (id bigint primary key, body text not null);
grant select, insert on public.tx_notes to anon;
`;

async function insert(server: TestServer, id: number, prefer: string): Promise<Response> {
  return fetch(`${server.url}/rest/v1/tx_notes`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json', prefer },
    body: JSON.stringify({ id, body: `note ${id}` }),
  });
}

async function stored(server: TestServer): Promise<number[]> {
  const { rows } = await server.ctx.db.query<{ id: string }>('select id from public.tx_notes order by id');
  return rows.map((r) => Number(r.id));
}

describe.each(drivers)('transaction end on %s', (driver) => {
  const servers: Partial<Record<Config['restTxEnd'], TestServer>> = {};
  beforeAll(async () => {
    for (const setting of ['commit', 'commit-allow-override', 'rollback'] as const) {
      const server = await startTestServer({ driver, overrides: { restTxEnd: setting } });
      await server.ctx.db.exec(SQL);
      await reloadSchemaCache(server.ctx);
      servers[setting] = server;
    }
  });
  afterAll(async () => {
    for (const s of Object.values(servers)) await s?.close();
  });

  it('commit (the default) ignores Prefer: tx=rollback', async () => {
    const server = servers.commit!;
    const res = await insert(server, 1, 'return=representation, tx=rollback');
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied') ?? '').not.toContain('tx=');
    expect(await stored(server)).toEqual([1]);
  });

  it('commit-allow-override rolls back on request, answering with the would-be result', async () => {
    const server = servers['commit-allow-override']!;
    const res = await insert(server, 2, 'return=representation, tx=rollback');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ id: 2, body: 'note 2' }]);
    expect(res.headers.get('preference-applied')).toContain('tx=rollback');
    expect(await stored(server)).toEqual([]);
    const kept = await insert(server, 3, 'tx=commit');
    expect(kept.status).toBe(201);
    expect(kept.headers.get('preference-applied')).toContain('tx=commit');
    await insert(server, 4, 'return=minimal');
    expect(await stored(server)).toEqual([3, 4]);
  });

  it('rollback rolls every write back and refuses to be overridden', async () => {
    const server = servers.rollback!;
    const res = await insert(server, 5, 'return=representation, tx=commit');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ id: 5, body: 'note 5' }]);
    expect(res.headers.get('preference-applied') ?? '').not.toContain('tx=');
    expect(await stored(server)).toEqual([]);
  });

  it('a rolled-back request still reports its errors', async () => {
    const server = servers['commit-allow-override']!;
    await insert(server, 6, 'tx=commit');
    const dup = await insert(server, 6, 'tx=rollback');
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ code: '23505' });
  });
});
