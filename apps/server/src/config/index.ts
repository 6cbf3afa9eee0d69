// The only reader of process.env. Everything else receives a typed Config.
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SITE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  APP_NAME: z.string().default('TagLedger'),
  JWT_PRIVATE_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAILER_AUTOCONFIRM: z.enum(['true', 'false']).default('false'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  WEB_DIST: z.string().optional(),
  // Largest object the storage service accepts (bytes), whatever a bucket allows.
  STORAGE_FILE_SIZE_LIMIT: z.coerce.number().int().positive().default(100 * 1024 * 1024),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  /** Public origin of this server; API base URL handed to supabase-js. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  appName: string;
  jwtPrivateKey: string | undefined;
  logLevel: string;
  mailerAutoconfirm: boolean;
  rateLimitsEnabled: boolean;
  webDist: string;
  /** Global cap on one stored object, in bytes (buckets may set lower limits). */
  storageFileSizeLimit: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    siteUrl,
    publicUrl: siteUrl,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    appName: e.APP_NAME,
    jwtPrivateKey: e.JWT_PRIVATE_KEY,
    logLevel: e.LOG_LEVEL,
    mailerAutoconfirm: e.MAILER_AUTOCONFIRM === 'true',
    rateLimitsEnabled: e.RATE_LIMITS === 'on',
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    storageFileSizeLimit: e.STORAGE_FILE_SIZE_LIMIT,
  };
  return { ...config, ...overrides };
}
