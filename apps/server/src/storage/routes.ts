// /storage/v1 — Supabase Storage-compatible object storage (SUPABASE-PROTOCOL Part D).
// Four plugins: buckets and objects with JSON bodies, uploads with streamed bodies, and public
// asset media by id.
// Errors leave in Storage's shape (errors.ts), including its HTTP-400 quirk.
// Every answer carries sandboxing headers (storageSecurityHeaders) instead of the app's page policy.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import type { AppContext } from '../shared/context.js';
import { storageEngine } from './engine.js';
import { sendAnyStorageError, sendStorageError, StorageError } from './errors.js';
import { bucketRoutes } from './bucket-routes.js';
import { objectRoutes } from './object-routes.js';
import { publicMediaRoutes } from './public-media-routes.js';
import { uploadRoutes } from './upload-routes.js';

/**
 * Headers for every storage answer. User files are served from our origin (or STORAGE_PUBLIC_URL),
 * so a file a browser opens must never act as a page of the app: no sniffing, no resources, a
 * sandbox (opaque origin: no scripts, no access to the app's storage or cookies). Framing is
 * allowed for the app itself (the asset page shows PDFs in a frame); Chromium's PDF viewer works
 * under this sandbox (checked in test/security/pdf-frame.int.test.ts).
 */
export function storageSecurityHeaders(config: Config): Record<string, string> {
  const appOrigins = [...new Set([config.siteUrl, config.publicUrl].map((u) => new URL(u).origin))];
  return {
    'content-security-policy': `default-src 'none'; sandbox; frame-ancestors 'self' ${appOrigins.join(' ')}`,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
    'referrer-policy': 'no-referrer',
  };
}

/** Routes a browser opens directly (links, <img>, <video>, frames): no Authorization header needed. */
const BROWSER_FILE_ROUTES = /^\/storage\/v1\/(object\/(public|sign)|render\/image\/(public|sign)|media)\//;

/**
 * With STORAGE_PUBLIC_URL set, a user file opened on any other host (the app's origin) is sent to
 * the storage origin instead, so that old or hand-made links never open a file on the app's origin.
 * API calls (uploads, authenticated downloads with a token header) stay where they are.
 */
function storageOriginRedirect(config: Config, req: FastifyRequest): string | null {
  if (config.storagePublicUrl === config.publicUrl) return null;
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !BROWSER_FILE_ROUTES.test(req.url)) return null;
  const files = new URL(config.storagePublicUrl);
  if (req.host === files.host) return null;
  return `${files.origin}${req.url}`;
}

export async function storageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const engine = storageEngine(ctx);
  const securityHeaders = storageSecurityHeaders(ctx.config);

  // Runs after helmet's root hook, so these replace the app page's policy (frame-ancestors 'none').
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(securityHeaders);
    // frame-ancestors above decides framing; X-Frame-Options cannot name another origin.
    reply.removeHeader('x-frame-options');
  });
  app.addHook('onRequest', async (req, reply) => {
    const target = storageOriginRedirect(ctx.config, req);
    if (target) return reply.redirect(target, 307);
  });

  app.setErrorHandler((err, req, reply) => sendAnyStorageError(req, reply, err));

  app.setNotFoundHandler((req, reply) =>
    sendStorageError(
      reply,
      new StorageError(404, 'Not Found', 'NotFound', `Route ${req.method}:${req.url.split('?')[0]} not found`),
    ),
  );

  await app.register(bucketRoutes, { engine });
  await app.register(objectRoutes, { engine });
  await app.register(uploadRoutes, { engine });
  await app.register(publicMediaRoutes, { engine });
}
