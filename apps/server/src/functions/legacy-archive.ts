// POST /functions/v1/legacy-archive {nextOfKinId, assetId?} — everything one person released to the
// signed-in heir, or one asset of it, as one zip (application/zip):
//
//   legacy.json                     who released it, when, their message, the access level, the assets
//   01-pocket-watch/asset.json      the asset's details and its files' fingerprints
//   01-pocket-watch/history.json    its ledger entries (hashes only)
//   01-pocket-watch/proof.json      its proof, the record hashed, and the key that signs checkpoints
//   01-pocket-watch/certificate.pdf the ownership certificate, in the heir's language
//   01-pocket-watch/files/01-photo.jpg …
//
// What is released is the database's answer for the heir (legacy_released_to_me and
// legacy_released_asset, run as them); a release or asset that is not theirs answers 404. The
// archive is streamed as it is written (yazl): files are read from storage one at a time as the zip
// reaches them, certificates are made when their turn comes, and nothing is held whole in memory.
// Bound: at most LEGACY_ARCHIVE_MAX_ASSETS assets and LEGACY_ARCHIVE_MAX_BYTES of files (413
// `archive_too_large`, checked before the first byte); each file must stream exactly the size its
// row records, or the download is cut off rather than finished wrong; and 30 archives an hour per
// heir (429 `rate_limited`).
import { PassThrough, Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { z } from 'zod';
import { titleSlug, type LegacyAsset } from '@tagledger/functions-api';
import { certificatePdf, loadCertificateAsset } from '../assets/certificate-pdf.js';
import { releasedAssets, releasesOf, type Release } from '../assets/released-assets.js';
import type { AppContext } from '../shared/context.js';
import type { Identity } from '../shared/identify.js';
import { languageOfUser, type Language } from '../shared/language.js';
import { openObject } from '../storage/service.js';
import { FunctionError, functionErrorFromDb, parseInput } from './errors.js';
import type { ServerFunction } from './types.js';

/** The most file bytes one archive carries (the files of 25 assets at their photo and document limits). */
export const LEGACY_ARCHIVE_MAX_BYTES = 512 * 1024 * 1024;
/** The most assets one archive carries (each brings a certificate made on the way). */
export const LEGACY_ARCHIVE_MAX_ASSETS = 100;
/** Archives one heir may ask for in an hour (each may read hundreds of megabytes and make a hundred PDFs). */
export const LEGACY_ARCHIVE_RATE_LIMIT = { limit: 30, windowSeconds: 3600 };

const bodySchema = z.object({
  nextOfKinId: z.string().uuid('nextOfKinId must be a UUID'),
  assetId: z.string().uuid('assetId must be a UUID').optional(),
});

interface StoredFile {
  id: string;
  asset_id: string;
  object_name: string;
  kind: string;
  mime_type: string;
  size_bytes: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** A folder name from a title (titleSlug), 'asset' when the title has no letter or digit to keep. */
export function slug(title: string): string {
  return titleSlug(title) || 'asset';
}

const pad = (n: number) => String(n).padStart(2, '0');
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** What the heir may put in the archive: the release and its assets, or a 4xx. */
async function chooseContents(
  ctx: AppContext,
  heir: Identity,
  input: z.infer<typeof bodySchema>,
): Promise<{ release: Release; assets: LegacyAsset[]; files: StoredFile[] }> {
  const release = (await releasesOf(ctx, heir)).find((r) => r.next_of_kin_id === input.nextOfKinId);
  if (!release) throw new FunctionError(404, 'Nothing was released to you here', { code: 'not_found' });
  const ids = release.assets.map((a) => a.id).filter((id) => !input.assetId || id === input.assetId);
  if (input.assetId && ids.length === 0) throw new FunctionError(404, 'Asset not found', { code: 'not_found' });
  if (ids.length > LEGACY_ARCHIVE_MAX_ASSETS) {
    throw new FunctionError(413, `An archive holds at most ${LEGACY_ARCHIVE_MAX_ASSETS} assets`, {
      code: 'archive_too_large',
      assets: ids.length,
      limitAssets: LEGACY_ARCHIVE_MAX_ASSETS,
      limitBytes: LEGACY_ARCHIVE_MAX_BYTES,
    });
  }
  const assets = await releasedAssets(ctx, heir, ids);
  const { rows: files } = await ctx.db.query<StoredFile>(
    `select id, asset_id, object_name, kind, mime_type, size_bytes::float8 as size_bytes
       from public.asset_media where asset_id = any($1::uuid[]) order by asset_id, position, created_at`,
    [assets.map((a) => a.id)],
  );
  const bytes = files.reduce((sum, f) => sum + f.size_bytes, 0);
  if (bytes > LEGACY_ARCHIVE_MAX_BYTES) {
    throw new FunctionError(413, 'These files are too large for one archive', {
      code: 'archive_too_large',
      bytes,
      limitBytes: LEGACY_ARCHIVE_MAX_BYTES,
      limitAssets: LEGACY_ARCHIVE_MAX_ASSETS,
    });
  }
  return { release, assets, files };
}

/** The zip, written as the reader takes it; entries that need work (files, certificates) start on their turn. */
function writeArchive(
  ctx: AppContext,
  log: FastifyBaseLogger,
  language: Language,
  { release, assets, files }: Awaited<ReturnType<typeof chooseContents>>,
): PassThrough {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  let current: Readable | null = null;
  let stopped = false;
  const fail = (err: unknown) => {
    if (stopped) return;
    stopped = true;
    log.error({ err }, 'legacy archive failed while streaming; the download is cut off');
    current?.destroy();
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  zip.on('error', fail);
  // The reader went away: stop reading files for it.
  output.on('close', () => {
    stopped = true;
    current?.destroy();
  });
  /** An entry whose bytes come from a stream opened only when the zip reaches it. */
  const lazy = (path: string, options: { size?: number; compress: boolean }, open: () => Promise<Readable>) =>
    zip.addReadStreamLazy(path, options, (cb) => {
      if (stopped) return;
      open().then((stream) => {
        current = stream;
        stream.on('error', (err) => zip.emit('error', err));
        cb(null, stream);
      }, fail);
    });

  const folders = assets.map((a, i) => `${pad(i + 1)}-${slug(a.title)}`);
  zip.addBuffer(
    json({
      from: release.owner_name,
      released_at: release.released_at,
      access_level: release.access_level,
      message: release.message,
      generated_at: new Date().toISOString(),
      assets: assets.map((a, i) => ({ folder: folders[i], id: a.id, title: a.title })),
    }),
    'legacy.json',
  );
  assets.forEach((asset, i) => {
    const folder = folders[i]!;
    const own = files.filter((f) => f.asset_id === asset.id);
    const names = new Map(
      own.map((f, j) => {
        const ext = EXTENSIONS[f.mime_type] ?? /\.([a-z0-9]{1,5})$/i.exec(f.object_name)?.[1]?.toLowerCase() ?? 'bin';
        return [f.id, `files/${pad(j + 1)}-${f.kind}.${ext}`];
      }),
    );
    const { history, proof, media, ...details } = asset;
    zip.addBuffer(
      json({ ...details, files: media.map((m) => ({ ...m, file: names.get(m.id) ?? null })) }),
      `${folder}/asset.json`,
    );
    zip.addBuffer(json(history), `${folder}/history.json`);
    zip.addBuffer(
      json({
        ...proof,
        how_to_check: {
          entry_hash: 'sha256(prev_hash|record_hash|seq|event|created_at)',
          record_hash: 'sha256 of the record, as jsonb text',
          checkpoints: `${ctx.config.publicUrl}/functions/v1/ledger-checkpoints?fromSeq=${proof?.seq ?? 1}`,
          keys: ctx.keys.jwks,
        },
      }),
      `${folder}/proof.json`,
    );
    if (proof) {
      lazy(`${folder}/certificate.pdf`, { compress: true }, async () => {
        const row = await loadCertificateAsset(ctx, asset.id);
        if (!row) throw new Error(`asset ${asset.id} went away while its archive was written`);
        return Readable.from([Buffer.from(await certificatePdf(ctx, row, language, log))]);
      });
    }
    for (const f of own) {
      // Photos, videos and PDFs are compressed already: stored as they are.
      lazy(`${folder}/${names.get(f.id)}`, { size: f.size_bytes, compress: false }, async () => {
        const stream = await openObject(ctx, 'asset-media', f.object_name);
        if (!stream) throw new Error(`file ${f.id} is missing from storage`);
        return stream;
      });
    }
  });
  zip.end();
  return output;
}

export const legacyArchive: ServerFunction<'legacy-archive'> = {
  name: 'legacy-archive',
  verifyJwt: true,
  bodyLimit: 1024,
  async handler({ ctx, principal, req, reply }) {
    const userId = principal.userId;
    if (principal.role !== 'authenticated' || !userId)
      throw new FunctionError(401, 'Sign in to download what was left to you');
    const input = parseInput(bodySchema, req.body);
    if (!(await ctx.rateLimiter.hit(`legacy-archive:user:${userId}`, LEGACY_ARCHIVE_RATE_LIMIT))) {
      throw new FunctionError(429, 'Too many archives. Please try again in an hour.', { code: 'rate_limited' });
    }
    const contents = await chooseContents(ctx, principal, input).catch((err: unknown) => {
      throw functionErrorFromDb(err) ?? err;
    });
    const language = await languageOfUser(ctx.db, userId);
    const name = input.assetId
      ? slug(contents.assets[0]?.title ?? 'asset')
      : slug(`legacy ${contents.release.owner_name}`);
    return reply
      .code(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}.zip"`)
      .header('cache-control', 'no-store')
      .send(writeArchive(ctx, req.log, language, contents));
  },
};
