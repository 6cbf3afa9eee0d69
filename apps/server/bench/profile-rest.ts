// Where the data API's time goes: the list-with-embed request of bench/run.ts on PostgreSQL,
// profiled in the server process only. The load comes from autocannon in a child process (50
// connections, BENCH_DURATION s, default 10) so the profile holds no load generator; the V8 CPU
// profiler runs only during the load. Prints self time by package/file and by function, and the
// inclusive time of the request pipeline's stages. `cd apps/server && nice npx tsx bench/profile-rest.ts`
// (PROFILE_OUT=file.cpuprofile keeps the raw profile for a flame graph in Chrome DevTools).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../test/helpers/test-server.js';
import { createTestUser } from '../test/helpers/users.js';
import { SELECT_QS, seed } from './run.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const AUTOCANNON = path.resolve(import.meta.dirname, '../../../node_modules/.bin/autocannon');

/** A short label for where code lives: a package, a node: module, or a file of ours. */
function place(url: string): string {
  if (!url) return '(native / V8)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 14).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\/(apps|packages)\//, '');
}

function summarise(p: Profile): string {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const timeOf = new Map<number, number>();
  p.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const selfByPlace = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, t] of timeOf) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === '(idle)') {
      idle += t;
      continue;
    }
    total += t;
    const where = place(n.callFrame.url);
    selfByPlace.set(where, (selfByPlace.get(where) ?? 0) + t);
    const fn = `${n.callFrame.functionName || '(anonymous)'} — ${where}:${n.callFrame.lineNumber + 1}`;
    selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + t);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const m = byId.get(cur)!;
      const key = `${m.callFrame.functionName || '(anonymous)'} — ${place(m.callFrame.url)}`;
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + t);
      seen.add(key);
    }
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1)}%`;
  const table = (m: Map<string, number>, n: number, filter: (k: string) => boolean = () => true) =>
    [...m]
      .filter(([k]) => filter(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, t]) => `| ${pct(t)} | ${k.replace(/\|/g, '\\|')} |`)
      .join('\n');
  const ours = (k: string) => /server\/src|db\/src|fastify —|pg —|pg-protocol —/.test(k);
  return [
    `CPU busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s of the load window.`,
    '',
    '| self | package / file |\n|---:|---|',
    table(selfByPlace, 12),
    '',
    '| self | function |\n|---:|---|',
    table(selfByFn, 15),
    '',
    '| inclusive | stage (our code, fastify, pg) |\n|---:|---|',
    table(inclusive, 20, ours),
  ].join('\n');
}

async function main(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const server = await startTestServer({ driver: 'pg', env: { RATE_LIMITS: 'off' } });
  try {
    const user = await createTestUser(server);
    await seed(server, user.id);
    const url = `${server.url}/rest/v1/bench_posts?${SELECT_QS}`;
    const headers = ['-H', `apikey=${server.anonKey}`, '-H', `authorization=Bearer ${user.token}`];
    const session = new inspector.Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const load = os.loadavg();
    const out = await new Promise<string>((resolve, reject) =>
      execFile(AUTOCANNON, ['-c', '50', '-d', String(DURATION), '-j', ...headers, url], (err, stdout) =>
        err ? reject(err) : resolve(stdout),
      ),
    );
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
    const r = JSON.parse(out) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
    };
    console.log(
      `${new Date().toISOString()} — 50 connections, ${DURATION} s: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}; load average before ${load.map((l) => l.toFixed(2)).join(', ')}\n`,
    );
    console.log(summarise(profile));
  } finally {
    await server.close();
  }
}

await main();
