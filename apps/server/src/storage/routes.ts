// /storage/v1 — Supabase Storage-compatible object storage (SUPABASE-PROTOCOL Part D).
// Three plugins: buckets and objects with JSON bodies, and uploads with streamed bodies.
// Errors leave in Storage's shape (errors.ts), including its HTTP-400 quirk.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { storageEngine } from './engine.js';
import { errors, sendStorageError, StorageError } from './errors.js';
import { bucketRoutes } from './bucket-routes.js';
import { objectRoutes } from './object-routes.js';
import { uploadRoutes } from './upload-routes.js';

export async function storageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const engine = storageEngine(ctx);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof StorageError) return sendStorageError(reply, err);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendStorageError(reply, errors.entityTooLarge());
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendStorageError(reply, errors.invalidRequest(err.message));
    }
    req.log.error({ err }, 'storage error');
    return sendStorageError(reply, errors.internal());
  });

  app.setNotFoundHandler((req, reply) =>
    sendStorageError(reply, new StorageError(404, 'Not Found', 'NotFound', `Route ${req.method}:${req.url.split('?')[0]} not found`)),
  );

  await app.register(bucketRoutes, { engine });
  await app.register(objectRoutes, { engine });
  await app.register(uploadRoutes, { engine });
}
