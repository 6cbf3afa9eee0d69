// GET/HEAD /storage/v1/media/<media id>?token=… — the files of public assets, for anyone holding a
// URL from the public-asset-media function, and the files of assets released to an heir, for the
// heir a URL from the legacy-asset function was signed for. The URL and its token name only the
// media id (object names begin with the owner's user id), and every request asks the database
// again whether the asset is still public (decision 0063) or still released to that heir, so a
// change closes the URLs at once.
// With width/height/resize/quality in the query the image is transformed as on /render/image
// (thumbnails for public pages), by the same rules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '@tagledger/db';
import { SERVICE_CALLER, type StorageEngine } from './engine.js';
import { sendObject } from './download.js';
import { errors } from './errors.js';
import { parseTransform, sendRendered } from './render.js';
import { verifyMediaToken, type MediaGrant } from './tokens.js';

/** The bucket whose objects public-asset-media hands out (register-asset's ASSET_MEDIA_BUCKET). */
const ASSET_MEDIA_BUCKET = 'asset-media';

/** The stored object the grant reaches, or null when its asset is not public / not released to the heir. */
async function objectFor(tx: Tx, mediaId: string, grant: MediaGrant): Promise<string | null> {
  const { rows } =
    grant.scope === 'public-media'
      ? await tx.query<{ name: string | null }>('select private.public_media_object($1::uuid) as name', [mediaId])
      : await tx.query<{ name: string | null }>('select private.legacy_media_object($1::uuid, $2::uuid) as name', [
          mediaId,
          grant.heir,
        ]);
  return rows[0]?.name ?? null;
}

export async function publicMediaRoutes(app: FastifyInstance, { engine }: { engine: StorageEngine }): Promise<void> {
  const ctx = engine.ctx;

  async function serve(req: FastifyRequest, reply: FastifyReply, headOnly: boolean) {
    const { id } = req.params as { id: string };
    const query = req.query as Record<string, unknown>;
    const wantsTransform = ['width', 'height', 'resize', 'quality', 'format'].some((k) => k in query);
    const options = wantsTransform ? parseTransform(query) : undefined;
    const grant = await verifyMediaToken(ctx, (req.query as { token?: string }).token, id);
    // The token matched the id, so id is the UUID the server signed (and heir the user it signed for).
    const name = await engine.run(SERVICE_CALLER, 'storage.object.get_public_media', (tx) => objectFor(tx, id, grant));
    // A private (or deleted, or no longer released) asset's file answers exactly like a missing one.
    if (!name) throw errors.noSuchKey();
    const row = await engine.findObject(SERVICE_CALLER, ASSET_MEDIA_BUCKET, name);
    if (options) return sendRendered(engine, req, reply, row, options, { headOnly });
    const exp = grant.exp !== undefined ? new Date(grant.exp * 1000) : undefined;
    return sendObject(engine, req, reply, row, { headOnly, ...(exp ? { expires: exp } : {}) });
  }

  app.get('/media/:id', { exposeHeadRoute: false }, (req, reply) => serve(req, reply, false));
  app.head('/media/:id', (req, reply) => serve(req, reply, true));
}
