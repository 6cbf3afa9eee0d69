// What operators and load balancers talk to: request ids, liveness and readiness, and Prometheus
// metrics.
//
// - Every request gets an id: the caller's X-Request-Id when it is a short token of safe
//   characters (a load balancer's id keeps one trail across hops), otherwise a new UUID. It is in
//   every log line of the request (Fastify's reqId) and in the X-Request-Id response header.
// - GET /healthz: the process is up and the database answers. GET /readyz: also not shutting down —
//   a load balancer stops sending new requests as soon as SIGTERM arrives.
// - GET /metrics (Prometheus text): requests and latency per API, database connections, job queue,
//   mail outbox.
//   Off (404) unless METRICS_TOKEN is set; then it needs `Authorization: Bearer <METRICS_TOKEN>`.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { PassThrough } from 'node:stream';
import type { AppContext } from '../shared/context.js';
import { bearerToken } from '../shared/identify.js';
import { storedFiles } from '../storage/service.js';
import { writeBackup } from '../operations/backup.js';
import { readBackupKey } from '../operations/backup-key.js';
import fastifyPlugin from 'fastify-plugin';
import { latestHead, logAlerts, logSize } from '../assets/transparency-log.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: a trustworthy-looking upstream id, else a fresh one. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

const APIS = ['auth', 'rest', 'storage', 'functions'] as const;

/** Which API a request belongs to, as a small fixed label set (never the raw path). */
function apiOf(url: string): string {
  const m = /^\/(auth|rest|storage|functions)\/v1(?:[/?]|$)/.exec(url);
  if (m) return m[1]!;
  if (url === '/healthz' || url === '/readyz' || url === '/metrics') return 'operations';
  return 'web';
}

/** The auth scheme is case-insensitive (RFC 9110 §11.1): `bearer`, `BEARER` and `Bearer` are one scheme. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^bearer +(.*)$/i.exec(header ?? '');
  const given = Buffer.from(m?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && crypto.timingSafeEqual(given, want);
}

export interface Readiness {
  /** Set when shutdown begins: /readyz answers 503 from then on. */
  draining: boolean;
}

async function operations(app: FastifyInstance, opts: { ctx: AppContext; readiness: Readiness }): Promise<void> {
  const { ctx, readiness } = opts;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'tagledger_http_requests_total',
    help: 'HTTP requests answered, by API, method and status code',
    labelNames: ['api', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tagledger_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by API',
    labelNames: ['api'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  for (const api of [...APIS, 'web', 'operations']) latency.labels(api);
  new Gauge({
    name: 'tagledger_db_connections',
    help: 'Database connections by state (PGlite has one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = ctx.db.poolStats();
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
      this.set({ state: 'max' }, s.max);
    },
  });
  // With read replicas (DATABASE_READ_URL): where routed reads were answered. A growing `fallback`
  // means a replica is down or cancels reads to replay; `primary` also counts read-your-writes.
  new Counter({
    name: 'tagledger_db_reads_total',
    help: 'Routed database reads (data API reads, public pages) by where they were answered: primary, replica, or fallback (the primary after a replica failed)',
    labelNames: ['target'] as const,
    registers: [registry],
    collect() {
      const r = ctx.db.poolStats().reads;
      if (!r) return;
      this.reset();
      this.inc({ target: 'primary' }, r.primary);
      this.inc({ target: 'replica' }, r.replica);
      this.inc({ target: 'fallback' }, r.fallback);
    },
  });
  new Gauge({
    name: 'tagledger_mail_outbox',
    help: 'Mails in the outbox: pending (queued or waiting to be retried) and failed for good',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const c = await ctx.mailer.counts();
      this.set({ status: 'pending' }, c.pending);
      this.set({ status: 'failed' }, c.failed);
    },
  });

  new Gauge({
    name: 'tagledger_jobs',
    help: 'Jobs on the durable queue by queue and state: queued (new or waiting to retry), active, failed for good',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      // Reset first: a queue that disappeared (or a state that emptied) must not keep its last value.
      this.reset();
      for (const c of await ctx.jobs.counts()) {
        this.set({ queue: c.queue, state: 'queued' }, c.queued);
        this.set({ queue: c.queue, state: 'active' }, c.active);
        this.set({ queue: c.queue, state: 'failed' }, c.failed);
      }
    },
  });

  // The transparency log: its size, its newest signed head, and the alerts it raised (a stored
  // tree that did not extend the last head; a witness cosigning a tree this log never signed).
  new Gauge({
    name: 'tagledger_log_entries',
    help: 'Transparency log: entries (leaves), and the size of the newest signed checkpoint',
    labelNames: ['of'] as const,
    registers: [registry],
    async collect() {
      this.set({ of: 'log' }, await logSize(ctx.db));
      this.set({ of: 'signed_head' }, (await latestHead(ctx.db))?.size ?? 0);
    },
  });
  new Counter({
    name: 'tagledger_log_alerts_total',
    help: 'Transparency log alerts: heads refused for failed consistency, cosignatures of a forked tree',
    labelNames: ['alert'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ alert: 'consistency' }, logAlerts.consistencyFailures);
      this.inc({ alert: 'fork' }, logAlerts.forkedCosignatures);
    },
  });

  const started = new WeakMap<FastifyRequest, bigint>();
  app.addHook('onRequest', async (req, reply) => {
    started.set(req, process.hrtime.bigint());
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const api = apiOf(req.url);
    requests.inc({ api, method: req.method, status: String(reply.statusCode) });
    const t0 = started.get(req);
    if (t0 !== undefined) latency.observe({ api }, Number(process.hrtime.bigint() - t0) / 1e9);
  });

  app.get('/healthz', async (_req, reply) => {
    await ctx.db.query('select 1');
    return reply.send({ status: 'ok' });
  });
  app.get('/readyz', async (_req, reply) => {
    if (readiness.draining) return reply.status(503).send({ status: 'shutting_down' });
    await ctx.db.query('select 1');
    return reply.send({ status: 'ready' });
  });
  // A consistent backup from the running server (npm run backup asks here when the embedded
  // database is open in this process). Service-role key only: the archive holds every user's data.
  app.get('/operations/v1/backup', async (req, reply) => {
    const token = bearerToken(req);
    const identity = token ? await ctx.identifier.identifyToken(token).catch(() => undefined) : undefined;
    if (identity?.role !== 'service_role') {
      return reply.status(401).send({ code: 'unauthorized', message: 'The service-role key is required' });
    }
    const out = new PassThrough();
    writeBackup(ctx.db, storedFiles(ctx), out, { key: readBackupKey(ctx.config, { create: true }) }).catch(
      (err: unknown) => {
        req.log.error({ err }, 'backup failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      },
    );
    return reply.type('application/gzip').header('cache-control', 'no-store').send(out);
  });

  app.get('/metrics', async (req, reply) => {
    const token = ctx.config.metricsToken;
    if (!token) return reply.status(404).send({ code: 'not_found', message: 'Not found' });
    if (!tokenMatches(req.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 'unauthorized', message: 'A valid metrics token is required' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** Not encapsulated: its hooks (request id, metrics) see every route of the app. */
export const operationsRoutes = fastifyPlugin(operations, { name: 'tagledger-operations' });
