// Serves the built React app (apps/web/dist) with the public config inlined into index.html,
// and falls back to index.html for client-side routes. API prefixes never fall back.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../shared/context.js';
import { publicClientConfig } from '../shared/public-config.js';

const API_PREFIXES = ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1'];

function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export async function webRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { config, keys } = opts.ctx;
  const indexFile = path.join(config.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const publicConfig = publicClientConfig(config, keys.anonKey);
  const indexHtml = hasBuild
    ? fs
        .readFileSync(indexFile, 'utf8')
        .replace(
          '<!--app-config-->',
          `<script id="app-config" type="application/json">${escapeJsonForHtml(publicConfig)}</script>`,
        )
        .replaceAll('%APP_NAME%', config.appName)
    : `<!doctype html><title>${config.appName}</title><p>The web app is not built. Run <code>npm run build</code>.</p>`;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      wildcard: false,
      // The web build writes .br/.gz beside each asset (apps/web/vite.config.ts); serve them when accepted.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  app.get('/', (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    if (req.method === 'GET' && !isApi && !path.extname(url)) return sendIndex(reply);
    return reply.status(404).send({ code: 'not_found', message: 'Not found' });
  });
}
