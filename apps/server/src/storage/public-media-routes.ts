// GET/HEAD /storage/v1/media/<media id>?token=… — the files of public assets, for anyone holding a
// URL from the public-asset-media function. The URL and its token name only the media id (object
// names begin with the owner's user id), and every request asks the database again whether the
// asset is still public, so making an asset private closes its URLs at once (decision 0063).
// With width/height/resize/quality in the query the image is transformed as on /render/image
// (thumbnails for public pages), by the same rules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_CALLER, type StorageEngine } from './engine.js';
import { sendObject } from './download.js';
import { errors } from './errors.js';
import { parseTransform, sendRendered } from './render.js';
import { verifyPublicMediaToken } from './tokens.js';

/** The bucket whose objects public-asset-media hands out (register-asset's ASSET_MEDIA_BUCKET). */
const ASSET_MEDIA_BUCKET = 'asset-media';

export async function publicMediaRoutes(app: FastifyInstance, { engine }: { engine: StorageEngine }): Promise<void> {
  const ctx = engine.ctx;

  async function serve(req: FastifyRequest, reply: FastifyReply, headOnly: boolean) {
    const { id } = req.params as { id: string };
    const query = req.query as Record<string, unknown>;
    const wantsTransform = ['width', 'height', 'resize', 'quality', 'format'].some((k) => k in query);
    const options = wantsTransform ? parseTransform(query) : undefined;
    const claims = await verifyPublicMediaToken(ctx, (req.query as { token?: string }).token, id);
    // The token matched the id, so id is the UUID the server signed.
    const name = await engine.run(SERVICE_CALLER, 'storage.object.get_public_media', async (tx) => {
      const { rows } = await tx.query<{ name: string | null }>('select private.public_media_object($1::uuid) as name', [
        id,
      ]);
      return rows[0]?.name ?? null;
    });
    // A private (or deleted) asset's file answers exactly like a missing one.
    if (!name) throw errors.noSuchKey();
    const row = await engine.findObject(SERVICE_CALLER, ASSET_MEDIA_BUCKET, name);
    if (options) return sendRendered(engine, req, reply, row, options, { headOnly });
    const exp = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined;
    return sendObject(engine, req, reply, row, { headOnly, ...(exp ? { expires: exp } : {}) });
  }

  app.get('/media/:id', { exposeHeadRoute: false }, (req, reply) => serve(req, reply, false));
  app.head('/media/:id', (req, reply) => serve(req, reply, true));
}
