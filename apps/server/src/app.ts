// buildApp(config): opens the database, runs migrations, loads keys, and registers the plugins
// in order — infrastructure, then the four Supabase-protocol services, then the web app.
// It never listens; server.ts does. Tests build the same app.
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { Config } from './config/index.js';
import { openDb, type Db } from '@tagledger/db';
import { migrate } from '@tagledger/db';
import { loadKeysFor } from './shared/keys.js';
import { createIdentifier } from './shared/identify.js';
import { createSessionLiveness } from './shared/session-liveness.js';
import { prepareDataDir } from './startup/data-dir.js';
import { createMailer } from './shared/mailer.js';
import { startJobQueue } from './jobs/queue.js';
import { createRateLimiter } from './shared/rate-limit.js';
import type { AppContext } from './shared/context.js';
import { authRoutes } from './auth/routes.js';
import { restRoutes } from './rest/routes.js';
import { storageRoutes } from './storage/routes.js';
import { functionsRoutes } from './functions/routes.js';
import { inlineScriptHashes, webRoutes } from './plugins/web.js';
import { apiCompression } from './plugins/api-compression.js';
import { installInheritance } from './inheritance/routes.js';
import { registerPaymentJobs } from './payments/checkout-expiry.js';
import { registerScanPartitionJobs } from './business/scan-partitions.js';
import { registerMobileMoneyJobs } from './payments/mobile-money-status.js';
import { transparencyLogRoutes } from './plugins/transparency-log.js';
import { testClockRoutes } from './inheritance/test-clock.js';
import { ensureAdminAccount } from './auth/bootstrap-admin.js';
import { sendFrameworkError } from './plugins/framework-errors.js';
import { publicClientConfig } from './shared/public-config.js';
import { operationsRoutes, requestId, type Readiness } from './plugins/operations.js';
import { loggerOptions } from './shared/logger.js';
import { readYourWrites } from './plugins/read-your-writes.js';

export const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Location',
  'Preference-Applied',
  'Range-Unit',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'Content-Disposition',
  'ETag',
  'Content-Length',
  'Proxy-Status',
  'x-sb-error-code',
];

/** Fastify's typings take a hop count only as a function: trust the nearest `hops` addresses. */
function fastifyTrustProxy(trust: Config['trustProxy']): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_addr, hop) => hop < trust : trust;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Set `draining` when shutdown begins, so /readyz tells load balancers to stop sending. */
  readiness: Readiness;
}

export async function buildApp(
  config: Config,
  options: {
    db?: Db;
    /** Where the JSON log lines go instead of stdout (at LOG_LEVEL): tests read what was logged. */
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<BuiltApp> {
  const readiness: Readiness = { draining: false };
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names our proxies: otherwise any client could choose its own IP.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Supabase clients send long select/filter query strings.
    routerOptions: { maxParamLength: 2000 },
    // Graceful shutdown: stop accepting, let in-flight requests finish.
    forceCloseConnections: 'idle',
    // Bad URLs are refused before routing; each API still answers them in its own shape.
    frameworkErrors: sendFrameworkError,
  });

  // Start-up checks run cheapest first and before any migration, so a bad DATA_DIR or signing key
  // stops the server with one clear line (a StartupError) before the database is changed.
  prepareDataDir(config.dataDir);
  const keys = await loadKeysFor(config);
  const db =
    options.db ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      wait: {
        timeoutMs: config.databaseConnectTimeoutMs,
        onRetry: ({ target, reason, retryInMs }) =>
          app.log.warn(
            { target, reason, retryInMs },
            `database at ${target} is not reachable yet (${reason}); retrying`,
          ),
      },
      // A fresh embedded database is initialised and migrated in a child process whose memory is
      // gone when it exits (docs/decisions/0110); the migrate() below then finds nothing to do.
      migrateFreshFolder: {
        onApplied: ({ applied }) => app.log.info({ applied }, 'migrations applied in a separate process'),
      },
      pg: {
        poolMode: config.databasePoolMode,
        directUrl: config.databaseDirectUrl,
        readUrls: config.databaseReadUrls,
        readYourWritesMs: config.databaseReadYourWritesMs,
      },
    }));
  if (config.databaseUrl && config.databasePoolMode === 'transaction' && !config.databaseDirectUrl) {
    app.log.warn(
      'DATABASE_POOL_MODE=transaction without DATABASE_DIRECT_URL: the REST schema cache reloads on unknown names only, not on NOTIFY pgrst',
    );
  }
  const migrations = await migrate(db);
  if (migrations.applied.length) app.log.info({ applied: migrations.applied }, 'migrations applied');
  const identifier = createIdentifier(keys, createSessionLiveness(db, config.sessionCheckCacheSeconds));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
    retry: config.mailRetry,
    db,
  });
  const jobs = await startJobQueue({ db, log: app.log, pollSeconds: config.jobsPollSeconds });
  const ctx: AppContext = {
    config,
    db,
    keys,
    identifier,
    mailer,
    rateLimiter: createRateLimiter(db, config.rateLimitsEnabled),
    jobs,
  };

  const apiOrigin = new URL(config.publicUrl).origin;
  // User files may come from their own origin (STORAGE_PUBLIC_URL): pictures, videos, framed PDFs.
  const fileOrigin = new URL(config.storagePublicUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The built index.html's own inline script, by hash (plugins/web.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        // The API origin (publicUrl) may differ from the address the page was opened with
        // (e.g. http://127.0.0.1:3000 vs the default SITE_URL http://localhost:3000).
        mediaSrc: [...new Set(["'self'", 'blob:', apiOrigin, fileOrigin])],
        frameSrc: [...new Set(["'self'", apiOrigin, fileOrigin])],
        connectSrc: ["'self'", apiOrigin],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
  });

  // Last-resort error handler: never a stack trace or SQL in a response body.
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'unhandled error');
    reply.status(status).send({
      code: status >= 500 ? 'unexpected_failure' : (err.code ?? 'bad_request'),
      message: status >= 500 ? 'Internal server error' : err.message,
    });
  });

  readYourWrites(app, ctx);
  await app.register(operationsRoutes, { ctx, readiness });
  app.get('/config.json', async () => publicClientConfig(config, keys.anonKey));

  // The services that answer with data, in one scope whose answers are compressed for clients that
  // accept it (plugins/api-compression.ts); storage's files are not.
  await app.register(async (api) => {
    await api.register(apiCompression);
    await api.register(authRoutes, { prefix: '/auth/v1', ctx });
    await api.register(restRoutes, { prefix: '/rest/v1', ctx });
    await api.register(functionsRoutes, { prefix: '/functions/v1', ctx });
    await api.register(transparencyLogRoutes, { prefix: '/log/v1', ctx });
  });
  await app.register(storageRoutes, { prefix: '/storage/v1', ctx });
  await installInheritance(app, ctx);
  await registerPaymentJobs(ctx, app.log);
  await registerScanPartitionJobs(ctx);
  await registerMobileMoneyJobs(ctx, app.log);
  if (config.testClock) {
    app.log.warn('TEST_CLOCK=on: POST /test/v1/clock can move the application clock (tests only)');
    await app.register(testClockRoutes, { ctx });
  }
  await app.register(webRoutes, { ctx });

  await ensureAdminAccount(ctx, app.log);

  app.addHook('onClose', async () => {
    // Running jobs finish before the mailer and the database go away.
    await jobs.stop();
    await mailer.close();
    if (!options.db) await db.close();
  });

  return { app, ctx, readiness };
}
