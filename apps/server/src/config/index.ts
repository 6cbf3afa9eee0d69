// The only reader of process.env. Everything else receives a typed Config.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // Seconds to keep retrying a DATABASE_URL server that is not reachable yet (e.g. still starting).
  DATABASE_CONNECT_TIMEOUT: z.coerce.number().int().min(0).max(3600).default(30),
  // transaction: DATABASE_URL (and DATABASE_READ_URL) lead to a pooler in transaction mode (PgBouncer).
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  // A direct (session) connection to the primary for LISTEN, when DATABASE_URL is a transaction pooler.
  DATABASE_DIRECT_URL: z.string().url().optional(),
  // Read replicas (streaming standbys), comma-separated: request reads of /rest/v1 and the public pages.
  DATABASE_READ_URL: z
    .string()
    .optional()
    .refine(
      (v) => (v ?? '').split(',').every((u) => !u.trim() || URL.canParse(u.trim())),
      'a comma-separated list of postgres:// URLs',
    ),
  // Seconds a user's reads stay on the primary after they wrote or signed in (read-your-writes).
  DATABASE_READ_YOUR_WRITES_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  SITE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  // Mail delivery retries: first delay (doubling after each failure) and attempts before giving up.
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(12),
  // Months of raw label scans kept (whole calendar months before the current one); older months are
  // dropped by the daily partition job, their daily counts stay. Unset or empty: scans are kept.
  SCAN_RETENTION_MONTHS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(1200).optional(),
  ),
  ADMIN_EMAIL: z.string().email().optional(),
  // The full password policy (common passwords, e-mail-derived) is applied at start by ensureAdminAccount.
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  // Empty counts as unset (env files often carry `ADMIN_NAME=`).
  ADMIN_NAME: z.string().trim().max(200).optional(),
  APP_NAME: z.string().default('TagLedger'),
  JWT_PRIVATE_KEY: z.string().optional(),
  // Public JWKs (a JSON list or a JWKS) of earlier keys whose tokens are still accepted.
  JWT_PREVIOUS_PUBLIC_KEYS: z.string().optional(),
  // A project's own Supabase keys (decision 0159): GoTrue's JWT secret (HS256) and its JWK list
  // (GOTRUE_JWT_KEYS, key_ops sign/verify); GOTRUE_-prefixed names are read too.
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (as Supabase requires)').optional(),
  GOTRUE_JWT_SECRET: z.string().min(32, 'must be at least 32 characters (as Supabase requires)').optional(),
  JWT_KEYS: z.string().optional(),
  GOTRUE_JWT_KEYS: z.string().optional(),
  // The project's anon and service-role API keys, handed out (GET /config.json, `npm run keys`) instead of new ones.
  ANON_KEY: z.string().optional(),
  SERVICE_ROLE_KEY: z.string().optional(),
  // How long a process may trust its last answer to "is this session alive?" (revocation delay).
  SESSION_CHECK_CACHE_SECONDS: z.coerce.number().int().min(0).max(10).default(10),
  // pretty: human-readable lines (pino-pretty); json: one JSON object a line; auto: pretty on a terminal.
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  // Bearer token that opens GET /metrics; unset: /metrics is off.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // The key backups are signed with (HMAC); unset: DATA_DIR/keys/backup-key, made by the first backup.
  BACKUP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAILER_AUTOCONFIRM: z.enum(['true', 'false']).default('false'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  // GoTrue's GOTRUE_PASSWORD_MIN_LENGTH (read under both names): the shortest password accepted.
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(72).optional(),
  GOTRUE_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(72).optional(),
  // GoTrue's GOTRUE_DISABLE_SIGNUP: no new accounts from /signup or /otp (admins can still invite).
  DISABLE_SIGNUP: z.enum(['true', 'false']).default('false'),
  // GoTrue's GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: signInAnonymously() creates anonymous accounts.
  ENABLE_ANONYMOUS_SIGNINS: z.enum(['true', 'false']).default('false'),
  // PostgREST's db-tx-end: how /rest/v1 transactions end, and whether `Prefer: tx=` may change it.
  REST_TX_END: z.enum(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override']).default('commit'),
  // PostgREST's db-aggregates-enabled: sum()/avg()/min()/max()/count() in select, off as on hosted Supabase.
  REST_AGGREGATES_ENABLED: z.enum(['true', 'false']).default('false'),
  // PostgREST's db-max-rows: the most rows a read returns (and where count=estimated starts asking
  // the planner); 1000 as on hosted Supabase, \`none\` for PostgREST's own default (no cap).
  REST_MAX_ROWS: z
    .string()
    .regex(/^\s*(none|[1-9][0-9]{0,8})\s*$/, 'a number of rows (1 or more) or none')
    .default('1000'),
  // PostgREST's db-schemas: schemas /rest/v1 serves by Accept-Profile/Content-Profile; the first is the default.
  // PostgREST's db-plan-enabled: Accept: application/vnd.pgrst.plan+json|text answers with EXPLAIN.
  REST_PLAN_ENABLED: z.enum(['true', 'false']).default('false'),
  REST_SCHEMAS: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*(\s*,\s*[a-z_][a-z0-9_]*)*$/, 'a comma-separated list of schema names')
    .default('public'),
  // PostgREST's db-extra-search-path: schemas after the request's own in search_path (Supabase's
  // default: public, extensions), so functions and types there resolve unqualified.
  REST_EXTRA_SEARCH_PATH: z
    .string()
    .regex(/^\s*([a-z_][a-z0-9_]*(\s*,\s*[a-z_][a-z0-9_]*)*)?\s*$/, 'a comma-separated list of schema names')
    .default('public, extensions'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  ADDITIONAL_REDIRECT_URLS: z.string().optional(),
  // Largest object the storage service accepts (bytes), whatever a bucket allows.
  STORAGE_FILE_SIZE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  // A separate origin (e.g. https://files.example.com) that reaches this same server, used in the
  // URLs of user files so that they never share the app's origin (cookies, storage, service worker).
  STORAGE_PUBLIC_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\/[^/?#]+\/?$/.test(u), 'must be an origin such as https://files.example.com')
    .optional(),
  // Object bytes in an S3-compatible bucket instead of DATA_DIR/storage (credentials: the AWS SDK's usual variables).
  STORAGE_S3_BUCKET: z.string().trim().min(1).optional(),
  STORAGE_S3_ENDPOINT: z.string().url().optional(),
  STORAGE_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  // Token purchases (Stripe Checkout). Without a secret key purchases are off.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  // Paystack (NGN, GHS, ZAR, KES, XOF; decision 0154). Without a secret key Paystack is not offered.
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_API_BASE: z.string().url().default('https://api.paystack.co'),
  // MTN Mobile Money Collection (XAF; EUR in the sandbox). Offered when the key, user and API key are set.
  MTN_MOMO_SUBSCRIPTION_KEY: z.string().optional(),
  MTN_MOMO_API_USER: z.string().optional(),
  MTN_MOMO_API_KEY: z.string().optional(),
  MTN_MOMO_TARGET_ENVIRONMENT: z.string().trim().min(1).default('sandbox'),
  MTN_MOMO_API_BASE: z.string().url().default('https://sandbox.momodeveloper.mtn.com'),
  MTN_MOMO_CALLBACK_HOST: z
    .string()
    .refine((u) => /^https?:\/\/[^/?#]+\/?$/.test(u), 'must be an origin such as https://pay.example.com')
    .optional(),
  // VAT included in package prices, in percent; shown as a line on receipts when set.
  RECEIPT_VAT_PERCENT: z.coerce.number().min(0).max(100).optional(),
  // How often each job worker polls the queue for new jobs, in seconds (pg-boss's minimum is 0.5).
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  // The transparency log (docs/decisions/0144): its origin line (default: <site host>/asset-ledger),
  // its Ed25519 signer key (PRIVATE+KEY+…; default: generated into DATA_DIR/keys/log-key.txt),
  // the witnesses whose cosignatures it accepts (vkeys, comma- or newline-separated) and how many a
  // checkpoint needs, and an RFC 3161 time-stamping authority with the certificate(s) verifiers trust.
  LOG_ORIGIN: z
    .string()
    .regex(/^[^\s+]+$/, 'a schema-less URL such as example.com/asset-ledger')
    .optional(),
  LOG_PRIVATE_KEY: z.string().optional(),
  WITNESS_KEYS: z.string().optional(),
  WITNESS_QUORUM: z.coerce.number().int().min(0).max(16).optional(),
  TSA_URL: z.string().url().optional(),
  TSA_CERT_FILE: z.string().optional(),
  // Test-only: POST /test/v1/clock moves the application clock (never with NODE_ENV=production).
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
  NODE_ENV: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long start-up waits for an unreachable DATABASE_URL server before giving up, in ms. */
  databaseConnectTimeoutMs: number;
  /** DATABASE_POOL_MODE: 'transaction' when DATABASE_URL is a transaction-mode pooler (PgBouncer). */
  databasePoolMode: 'session' | 'transaction';
  /** DATABASE_DIRECT_URL: a session connection to the primary for LISTEN. */
  databaseDirectUrl: string | undefined;
  /** DATABASE_READ_URL: read replicas, in order (empty: every read goes to DATABASE_URL). */
  databaseReadUrls: string[];
  /** DATABASE_READ_YOUR_WRITES_SECONDS, in ms: a user's reads stay on the primary this long after a write. */
  databaseReadYourWritesMs: number;
  siteUrl: string;
  /** Public origin of this server; API base URL handed to supabase-js. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Outbox retries: first delay in ms (doubling) and attempts before a mail is marked failed. */
  mailRetry: { baseMs: number; maxAttempts: number };
  /** SCAN_RETENTION_MONTHS: whole months of raw scans kept before the current one; undefined: all. */
  scanRetentionMonths: number | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Full name given to the ADMIN_EMAIL account when its profile has none. */
  adminName: string;
  appName: string;
  jwtPrivateKey: string | undefined;
  /** Public JWKs of previous signing keys, as JSON (JWT_PREVIOUS_PUBLIC_KEYS). */
  jwtPreviousPublicKeys: string | undefined;
  /** JWT_SECRET (or GOTRUE_JWT_SECRET): a project's HS256 shared secret. */
  jwtSecret: string | undefined;
  /** JWT_KEYS (or GOTRUE_JWT_KEYS): GoTrue's JWK list, as JSON. */
  jwtKeys: string | undefined;
  /** ANON_KEY / SERVICE_ROLE_KEY: a project's own API keys. */
  anonKey: string | undefined;
  serviceRoleKey: string | undefined;
  /** Seconds a process reuses a session-liveness answer (0–10; 0 asks the database every time). */
  sessionCheckCacheSeconds: number;
  logLevel: string;
  /** Human-readable log lines (a terminal, LOG_FORMAT=pretty) or JSON lines. */
  logPretty: boolean;
  /** Token for GET /metrics; undefined: metrics are off. */
  metricsToken: string | undefined;
  /** BACKUP_KEY: signs and checks backups; undefined: the key file in DATA_DIR/keys (docs/decisions/0142). */
  backupKey: string | undefined;
  mailerAutoconfirm: boolean;
  rateLimitsEnabled: boolean;
  /** Shortest password accepted (PASSWORD_MIN_LENGTH, default 8). */
  passwordMinLength: number;
  /** Public sign-up refused (admin invites and admin-created users still work). */
  disableSignup: boolean;
  /** Anonymous sign-ins (POST /signup without e-mail or phone) allowed. */
  anonymousSigninsEnabled: boolean;
  restTxEnd: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
  /** REST_AGGREGATES_ENABLED (PostgREST's db-aggregates-enabled). */
  restAggregatesEnabled: boolean;
  /** REST_MAX_ROWS (PostgREST's db-max-rows); null: no cap. */
  restMaxRows: number | null;
  /** REST_SCHEMAS (PostgREST's db-schemas), in order; the first is the default profile. */
  restSchemas: string[];
  /** REST_EXTRA_SEARCH_PATH (PostgREST's db-extra-search-path): search_path after the request's schema. */
  restExtraSearchPath: string[];
  /** REST_PLAN_ENABLED (PostgREST's db-plan-enabled). */
  restPlanEnabled: boolean;
  webDist: string;
  /** Global cap on one stored object, in bytes (buckets may set lower limits). */
  storageFileSizeLimit: number;
  /** Where object bytes live: DATA_DIR/storage, or an S3-compatible bucket. */
  storageBackend: { kind: 'file' } | ({ kind: 's3' } & S3Settings);
  /** Stripe: secret API key (purchases are off without it), webhook signing secret, and an
   * optional API origin for a local Stripe-compatible server (tests, stripe-mock). */
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiBase: string | undefined };
  /** Paystack: secret key (signs webhooks and authorises API calls; unset: not offered) and API origin. */
  paystack: { secretKey: string | undefined; apiBase: string };
  /** MTN MoMo Collection: product subscription key, API user and key (unset: not offered), target
   * environment (sandbox, mtncameroon, …), API origin, and the origin MTN calls back. */
  mtnMomo: {
    subscriptionKey: string | undefined;
    apiUser: string | undefined;
    apiKey: string | undefined;
    targetEnvironment: string;
    apiBase: string;
    callbackHost: string;
  };
  /** VAT rate included in prices, in percent, for the receipt line; undefined prints none. */
  receiptVatPercent: number | undefined;
  /** Seconds between a job worker's polls of the durable queue (JOBS_POLL_SECONDS). */
  jobsPollSeconds: number;
  /** Test-only clock control route (TEST_CLOCK=on); refused in production. */
  testClock: boolean;
  /** The transparency log: origin line, signer key text (unset: DATA_DIR/keys/log-key.txt), trusted witnesses. */
  transparencyLog: {
    origin: string;
    privateKey: string | undefined;
    /** Witness vkeys (cosignature/v1, type 0x04) whose cosignatures are accepted and served. */
    witnessKeys: string[];
    /** Cosignatures a checkpoint needs for verifiers (published with the keys). */
    witnessQuorum: number;
    /** RFC 3161 time-stamping authority; unset: checkpoints are not timestamped. */
    tsaUrl: string | undefined;
    /** PEM file of the authority's certificate (or its root) published for verifiers. */
    tsaCertFile: string | undefined;
  };
  /**
   * Which X-Forwarded-For hops to believe, in Fastify's trustProxy terms: false (the socket address
   * is the client), a hop count, or the addresses/CIDR ranges of our own proxies.
   */
  trustProxy: TrustProxy;
  /** Redirect targets allowed besides SITE_URL (GoTrue URI allow-list patterns, `*` and `**`). */
  additionalRedirectUrls: string[];
  /** Base URL (origin, no path) of user-file URLs: STORAGE_PUBLIC_URL, or publicUrl when unset. */
  storagePublicUrl: string;
}

export type TrustProxy = false | number | string[];

/** An S3-compatible bucket for object bytes (STORAGE_S3_*, AWS_* variables). */
export interface S3Settings {
  bucket: string;
  /** Endpoint of an S3-compatible service; unset means AWS itself. Addressed path-style when set. */
  endpoint: string | undefined;
  region: string;
  /** An explicit key pair (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY); unset: the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list like in Fastify's own option. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [ip, prefix, ...rest] = entry.split('/');
  const family = net.isIP(ip ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/`false` → trust nobody (X-Forwarded-For is ignored, so a client cannot pick
 * its own rate-limit bucket); a whole number → that many proxy hops; else a comma-separated list
 * of proxy addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal).
 * `true` is refused on purpose: it would believe whatever a client writes in the header.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === 'off') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops === 0 ? false : hops;
  }
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = list.find((x) => !isProxyAddress(x));
  if (bad !== undefined || !list.length) {
    return { error: `expected a hop count or a list of proxy addresses/CIDR ranges, got "${bad ?? v}"` };
  }
  return list;
}

/** ADDITIONAL_REDIRECT_URLS: comma-separated patterns (GoTrue's URI allow list). */
function parseRedirectList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {}

/** WITNESS_KEYS: vkeys separated by commas, spaces or newlines (a vkey holds none of them). */
function witnessKeys(raw: string | undefined): string[] {
  return (raw ?? '').split(/[\s,]+/).filter(Boolean);
}

/** Written into DATA_DIR by `npm run db:move`: the PostgreSQL to use when DATABASE_URL is unset. */
export const DATABASE_URL_FILE = 'database-url';

function movedDatabaseUrl(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, DATABASE_URL_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line (server.ts prints it as the whole start-up failure).
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(
      `Invalid environment: ${problems.join('; ')}; fix these settings (see "Configuration" in README.md)`,
    );
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) {
    throw new ConfigError(`Invalid environment:\n  TRUST_PROXY: ${trustProxy.error}`);
  }
  if (e.TEST_CLOCK === 'on' && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid environment:\n  TEST_CLOCK: the test clock cannot be used with NODE_ENV=production');
  }
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? movedDatabaseUrl(path.resolve(e.DATA_DIR)),
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT * 1000,
    databasePoolMode: e.DATABASE_POOL_MODE,
    databaseDirectUrl: e.DATABASE_DIRECT_URL || undefined,
    databaseReadUrls: (e.DATABASE_READ_URL ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
    databaseReadYourWritesMs: e.DATABASE_READ_YOUR_WRITES_SECONDS * 1000,
    siteUrl,
    publicUrl: siteUrl,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
    mailRetry: { baseMs: e.MAIL_RETRY_BASE_SECONDS * 1000, maxAttempts: e.MAIL_MAX_ATTEMPTS },
    scanRetentionMonths: e.SCAN_RETENTION_MONTHS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    adminName: e.ADMIN_NAME || `${e.APP_NAME} Team`,
    appName: e.APP_NAME,
    jwtPrivateKey: e.JWT_PRIVATE_KEY,
    jwtPreviousPublicKeys: e.JWT_PREVIOUS_PUBLIC_KEYS || undefined,
    jwtSecret: e.JWT_SECRET || e.GOTRUE_JWT_SECRET || undefined,
    jwtKeys: e.JWT_KEYS || e.GOTRUE_JWT_KEYS || undefined,
    anonKey: e.ANON_KEY || undefined,
    serviceRoleKey: e.SERVICE_ROLE_KEY || undefined,
    sessionCheckCacheSeconds: e.SESSION_CHECK_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_FORMAT === 'pretty' || (e.LOG_FORMAT === 'auto' && process.stdout.isTTY === true),
    metricsToken: e.METRICS_TOKEN || undefined,
    backupKey: e.BACKUP_KEY || undefined,
    mailerAutoconfirm: e.MAILER_AUTOCONFIRM === 'true',
    rateLimitsEnabled: e.RATE_LIMITS === 'on',
    passwordMinLength: e.PASSWORD_MIN_LENGTH ?? e.GOTRUE_PASSWORD_MIN_LENGTH ?? 8,
    disableSignup: e.DISABLE_SIGNUP === 'true',
    anonymousSigninsEnabled: e.ENABLE_ANONYMOUS_SIGNINS === 'true',
    restTxEnd: e.REST_TX_END,
    restAggregatesEnabled: e.REST_AGGREGATES_ENABLED === 'true',
    restMaxRows: e.REST_MAX_ROWS.trim() === 'none' ? null : Number(e.REST_MAX_ROWS),
    restPlanEnabled: e.REST_PLAN_ENABLED === 'true',
    restSchemas: e.REST_SCHEMAS.split(',').map((s) => s.trim()),
    restExtraSearchPath: e.REST_EXTRA_SEARCH_PATH.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    storageFileSizeLimit: e.STORAGE_FILE_SIZE_LIMIT,
    trustProxy,
    // Without SITE_URL the app is opened as localhost or 127.0.0.1 alike; PKCE keeps its verifier
    // per origin, so the loopback twins of the default site (same port only) are allowed too.
    additionalRedirectUrls: [
      ...parseRedirectList(e.ADDITIONAL_REDIRECT_URLS),
      ...(e.SITE_URL ? [] : [`http://127.0.0.1:${e.PORT}/**`, `http://[::1]:${e.PORT}/**`]),
    ],
    storagePublicUrl: (e.STORAGE_PUBLIC_URL ?? siteUrl).replace(/\/+$/, ''),
    storageBackend: e.STORAGE_S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.STORAGE_S3_BUCKET,
          endpoint: e.STORAGE_S3_ENDPOINT,
          region: e.STORAGE_S3_REGION,
          // Without a key pair the SDK's own chain applies (shared profiles, instance and task roles).
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.AWS_ACCESS_KEY_ID,
                  secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  sessionToken: e.AWS_SESSION_TOKEN || undefined,
                }
              : undefined,
        }
      : { kind: 'file' },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY || undefined,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
      apiBase: e.STRIPE_API_BASE || undefined,
    },
    paystack: { secretKey: e.PAYSTACK_SECRET_KEY || undefined, apiBase: e.PAYSTACK_API_BASE.replace(/\/+$/, '') },
    mtnMomo: {
      subscriptionKey: e.MTN_MOMO_SUBSCRIPTION_KEY || undefined,
      apiUser: e.MTN_MOMO_API_USER || undefined,
      apiKey: e.MTN_MOMO_API_KEY || undefined,
      targetEnvironment: e.MTN_MOMO_TARGET_ENVIRONMENT,
      apiBase: e.MTN_MOMO_API_BASE.replace(/\/+$/, ''),
      callbackHost: (e.MTN_MOMO_CALLBACK_HOST ?? siteUrl).replace(/\/+$/, ''),
    },
    receiptVatPercent: e.RECEIPT_VAT_PERCENT,
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    testClock: e.TEST_CLOCK === 'on',
    transparencyLog: {
      origin: e.LOG_ORIGIN ?? `${new URL(siteUrl).host}/asset-ledger`,
      privateKey: e.LOG_PRIVATE_KEY || undefined,
      witnessKeys: witnessKeys(e.WITNESS_KEYS),
      witnessQuorum: e.WITNESS_QUORUM ?? Math.min(1, witnessKeys(e.WITNESS_KEYS).length),
      tsaUrl: e.TSA_URL || undefined,
      tsaCertFile: e.TSA_CERT_FILE || undefined,
    },
  };
  if (config.transparencyLog.witnessQuorum > config.transparencyLog.witnessKeys.length) {
    throw new ConfigError('Invalid environment:\n  WITNESS_QUORUM: larger than the number of WITNESS_KEYS');
  }
  return { ...config, ...overrides };
}

/** Purchases need both the API key (to open sessions) and the webhook secret (to credit). */
/**
 * Silences the AWS SDK's notice that its releases after January 2027 will need Node.js 22, using
 * the SDK's documented opt-out (AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true). The SDK
 * versions in our lockfile support Node.js 20, which the README states as the minimum, so a start
 * on Node 20 has nothing to warn about; upgrading the SDK past that date means raising the minimum
 * (docs/operations.md). An operator's own setting of the variable wins. Called just before the S3
 * client is created, the only place the SDK runs.
 */
export function quietAwsSdkNodeNotice(env: NodeJS.ProcessEnv = process.env): void {
  env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}

export function purchasesEnabled(config: Config): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.webhookSecret);
}

/** The currencies Paystack takes (decision 0154), lower-case. */
export const PAYSTACK_CURRENCIES = ['ngn', 'ghs', 'zar', 'kes', 'xof'] as const;

/** XAF (MTN Cameroon, Congo); MTN's sandbox takes only EUR. */
export function mtnMomoCurrencies(targetEnvironment: string): string[] {
  return targetEnvironment === 'sandbox' ? ['eur'] : ['xaf'];
}

/**
 * The payment providers these settings configure, in the order the wallet offers them, with the
 * currencies each takes ('package': each package's own, Stripe).
 */
export function configuredPaymentProviders(
  config: Config,
): { name: 'stripe' | 'paystack' | 'mtn_momo'; currencies: string[] | 'package' }[] {
  const m = config.mtnMomo;
  return [
    ...(purchasesEnabled(config) ? [{ name: 'stripe' as const, currencies: 'package' as const }] : []),
    ...(config.paystack.secretKey ? [{ name: 'paystack' as const, currencies: [...PAYSTACK_CURRENCIES] }] : []),
    ...(m.subscriptionKey && m.apiUser && m.apiKey
      ? [{ name: 'mtn_momo' as const, currencies: mtnMomoCurrencies(m.targetEnvironment) }]
      : []),
  ];
}
