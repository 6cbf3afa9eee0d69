// POST /functions/v1/register-asset — registers an asset from files the caller already uploaded to
// the private asset-media bucket (<uid>/pending/<uuid>.<ext>).
//
// The server decides everything that costs money or proves something: it reads each video's
// length from the stored bytes, and private.register_asset (one transaction) checks the objects
// belong to the caller, takes type/size/SHA-256 from the storage metadata, prices the files from
// the pricing table, charges the wallet through ledger_post (idempotency key = the client's
// submission id, so a retry charges once), creates the asset and media rows and appends the
// ledger entry. A failure anywhere charges nothing.
//
// Body: { submissionId, asset: {...fields}, media: [objectName, …], expectedCost?, quoteOnly? }
//   quoteOnly → { quote } for exactly these files (nothing is written).
//   expectedCost (the price the user saw) → 409 {code:'price_changed', quote} if the server's differs.
import { z } from 'zod';
import { withRequestContext } from '@tagledger/db';
import { getObject, removeObjects } from '../storage/service.js';
import type { AppContext } from '../shared/context.js';
import { ensureCheckpoint } from '../assets/checkpoints.js';
import { MAX_FILES_PER_ASSET, type Quote, type RegisterAssetResult } from '@tagledger/functions-api';
import { FunctionError, functionErrorFromDb } from './errors.js';
import { videoDurationSeconds } from '../assets/media-duration.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

export const ASSET_MEDIA_BUCKET = 'asset-media';
export const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();
const money = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Enter an amount like 120.50'),
  ])
  .optional()
  .nullable()
  .transform((v) => (v === '' || v === undefined || v === null ? null : Number(v)))
  .refine((v) => v === null || (Number.isFinite(v) && v >= 0), 'Amounts cannot be negative');

export const assetFieldsSchema = z.object({
  kind: z.enum(['general', 'digital', 'legacy', 'business']).default('general'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'The title must be at most 200 characters'),
  description: optionalText(5000),
  tags: z.array(z.string().trim().min(1).max(50)).max(30, 'At most 30 tags').default([]),
  estimated_value: money,
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Currency must be a 3-letter code')
    .optional()
    .nullable(),
  location: optionalText(300),
  privacy: z.enum(['private', 'public']).default('private'),
  share_value: z.boolean().default(false),
  share_location: z.boolean().default(false),
  // Where it is kept, from the browser when the owner asked (decision 0156): all three or none.
  location_latitude: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90')
    .nullable()
    .default(null),
  location_longitude: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .nullable()
    .default(null),
  location_accuracy_m: z.number().min(0).max(100_000, 'Accuracy must be at most 100 km').nullable().default(null),
  location_on_certificate: z.boolean().default(false),
  serial_number: optionalText(100),
  make: optionalText(100),
  model: optionalText(100),
  purchase_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Purchase date must be YYYY-MM-DD')
    .optional()
    .nullable()
    .or(z.literal('')),
  purchase_price: money,
  asset_url: z
    .string()
    .trim()
    .max(1000)
    .regex(/^(https?|ipfs|ar):\/\//i, 'The URL must start with https://, ipfs:// or ar://')
    .optional()
    .nullable()
    .or(z.literal('')),
  content_hash: optionalText(200),
  chain: optionalText(50),
  contract_address: optionalText(200),
  token_id: optionalText(200),
  heir_instructions: optionalText(10000),
  sku: optionalText(100),
  quantity: z
    .union([z.number().int().min(0).max(100_000_000), z.string().regex(/^\d{1,9}$/)])
    .optional()
    .nullable()
    .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v))),
});

const bodySchema = z.object({
  submissionId: z.string().uuid('submissionId must be a UUID'),
  asset: assetFieldsSchema,
  media: z
    .array(z.string().min(1).max(300))
    .max(MAX_FILES_PER_ASSET, `At most ${MAX_FILES_PER_ASSET} files per asset`)
    .default([]),
  expectedCost: z.number().int().min(0).optional().nullable(),
  quoteOnly: z.boolean().optional(),
});

/**
 * The stored type of each of the caller's uploads (from the storage server's metadata), and for
 * videos the length read from the bytes. Other names are left to the SQL, which refuses them.
 */
export async function readUploads(
  ctx: AppContext,
  userId: string,
  media: string[],
): Promise<{ typeOf: Map<string, string>; items: { name: string; duration_seconds: number | null }[] }> {
  const { rows: objects } = await ctx.db.query<{ name: string; mimetype: string | null }>(
    `select name, lower(metadata ->> 'mimetype') as mimetype from storage.objects
     where bucket_id = $1 and name = any($2::text[])`,
    [ASSET_MEDIA_BUCKET, media.filter((n) => n.startsWith(`${userId}/pending/`))],
  );
  const typeOf = new Map(objects.map((o) => [o.name, o.mimetype ?? '']));
  const items: { name: string; duration_seconds: number | null }[] = [];
  for (const name of media) {
    const mime = typeOf.get(name);
    let duration: number | null = null;
    if (mime && VIDEO_TYPES.has(mime)) {
      const object = await getObject(ctx, ASSET_MEDIA_BUCKET, name);
      duration = object ? videoDurationSeconds(object.body, mime) : null;
      if (duration !== null) duration = Math.round(duration * 100) / 100;
    }
    items.push({ name, duration_seconds: duration });
  }
  return { typeOf, items };
}

/** Uploads older than this that never became an asset are removed (the user gave up on them). */
export const ABANDONED_UPLOAD_HOURS = 24;

/** Removes the caller's own uploads that no asset uses and that are older than ABANDONED_UPLOAD_HOURS. */
export async function removeAbandonedUploads(ctx: AppContext, userId: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ name: string }>(
    `select o.name from storage.objects o
     where o.bucket_id = $1 and o.name like $2 and o.created_at < now() - make_interval(hours => $3)
       and not exists (select 1 from public.asset_media m where m.object_name = o.name)
     limit 100`,
    [ASSET_MEDIA_BUCKET, `${userId}/pending/%`, ABANDONED_UPLOAD_HOURS],
  );
  if (rows.length === 0) return [];
  return removeObjects(
    ctx,
    ASSET_MEDIA_BUCKET,
    rows.map((r) => r.name),
  );
}

export const registerAsset: ServerFunction<'register-asset'> = {
  name: 'register-asset',
  verifyJwt: true,
  bodyLimit: 256 * 1024,
  async handler({ ctx, principal, req }) {
    const userId = signedInUserId(principal, 'Sign in to register an asset');

    const parsed = bodySchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new FunctionError(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request', {
        code: 'invalid',
      });
    }
    const { submissionId, asset, media, expectedCost, quoteOnly } = parsed.data;
    if (new Set(media).size !== media.length)
      throw new FunctionError(400, 'The same file is listed twice', { code: 'invalid' });
    if ((asset.location_latitude === null) !== (asset.location_longitude === null))
      throw new FunctionError(400, 'asset: latitude and longitude go together', { code: 'invalid' });
    if (asset.location_latitude === null && asset.location_accuracy_m !== null)
      throw new FunctionError(400, 'asset: an accuracy needs coordinates', { code: 'invalid' });
    if (asset.kind === 'legacy' && asset.privacy === 'public') {
      throw new FunctionError(400, 'Will and legacy assets are always private', { code: 'invalid' });
    }

    const { typeOf, items } = await readUploads(ctx, userId, media);

    try {
      if (quoteOnly) {
        const photos = media.filter((n) => typeOf.get(n)?.startsWith('image/')).length;
        const documents = media.filter((n) => typeOf.get(n) === 'application/pdf').length;
        const seconds = items.filter((i) => VIDEO_TYPES.has(typeOf.get(i.name) ?? '')).map((i) => i.duration_seconds);
        const { rows } = await ctx.db.query<{ q: Quote }>(
          'select public.quote_asset_cost($1, $2, $3::numeric[]) as q',
          [photos, documents, seconds],
        );
        return { quote: rows[0]!.q, media: items };
      }

      const result = await withRequestContext(
        ctx.db,
        { role: 'service_role', claims: { role: 'service_role' } },
        async (tx) => {
          // Two concurrent calls for one submission (a double click, a retry racing the first try)
          // run one after the other, so the second sees the first's asset and returns it unchanged.
          await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 6))', [
            `register-asset:${userId}:${submissionId}`,
          ]);
          const { rows } = await tx.query<{ r: RegisterAssetResult }>(
            'select private.register_asset($1, $2, $3, $4, $5) as r',
            [userId, submissionId, JSON.stringify(asset), JSON.stringify(items), expectedCost ?? null],
          );
          const registered = rows[0]!.r;
          // The place's coordinates and the certificate choice are not part of the ledger record
          // (private.asset_record): written in the same transaction, once, by the first call.
          if (!registered.replayed && (asset.location_latitude !== null || asset.location_on_certificate)) {
            await tx.query(
              `update public.assets set location_latitude = $2, location_longitude = $3, location_accuracy_m = $4,
                      location_on_certificate = $5
                where id = $1 and owner_id = $6`,
              [
                registered.asset_id,
                asset.location_latitude,
                asset.location_longitude,
                asset.location_accuracy_m,
                asset.location_on_certificate,
                userId,
              ],
            );
          }
          return registered;
        },
      );
      // Sign a checkpoint now and then (throttled); a failure here must not fail the registration.
      await ensureCheckpoint(ctx).catch((err: unknown) => req.log.error({ err }, 'ledger checkpoint failed'));
      await removeAbandonedUploads(ctx, userId).catch((err: unknown) =>
        req.log.warn({ err }, 'abandoned uploads not removed'),
      );
      return result;
    } catch (err) {
      throw functionErrorFromDb(err) ?? err;
    }
  },
};
