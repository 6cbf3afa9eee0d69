// What an heir may read of the assets released to them (migration 20261127000600). The database
// decides: private.released_to() for one asset, legacy_released_to_me() and
// legacy_released_asset() run as the heir themselves, so the rule is the database's alone. Files
// are handed out as URLs by media id whose token names the heir; the storage route asks the
// database again on every download.
import { withRequestContext, type Tx } from '@tagledger/db';
import type { LegacyAsset } from '@tagledger/functions-api';
import type { AppContext } from '../shared/context.js';
import type { Identity } from '../shared/identify.js';
import { createHeirMediaUrl } from '../storage/service.js';

/** How long a file URL handed to an heir works (the page asks for new ones before they expire). */
export const HEIR_MEDIA_URL_SECONDS = 300;

/** What legacy_released_to_me() lists for the heir: one entry per person who released to them. */
export interface Release {
  next_of_kin_id: string;
  owner_name: string;
  released_at: string;
  message: string | null;
  access_level: 'view' | 'inherit';
  assets: Array<{ id: string; title: string }>;
}

/** True when the asset is released to the user as their next of kin. */
export async function releasedTo(ctx: AppContext, userId: string, assetId: string): Promise<boolean> {
  const { rows } = await ctx.db.query<{ ok: boolean }>('select private.released_to($1, $2) as ok', [userId, assetId]);
  return rows[0]?.ok === true;
}

function asHeir<T>(ctx: AppContext, heir: Identity, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withRequestContext(ctx.db, { role: 'authenticated', claims: heir.claims }, fn);
}

/** Everything released to the heir, as the database lists it for them. */
export async function releasesOf(ctx: AppContext, heir: Identity): Promise<Release[]> {
  return asHeir(ctx, heir, async (tx) => {
    const { rows } = await tx.query<{ r: Release[] }>('select public.legacy_released_to_me() as r');
    return rows[0]?.r ?? [];
  });
}

/** The released assets among ids, in that order, as the heir reads them (others are left out). */
export async function releasedAssets(ctx: AppContext, heir: Identity, ids: string[]): Promise<LegacyAsset[]> {
  return asHeir(ctx, heir, async (tx) => {
    const out: LegacyAsset[] = [];
    for (const id of ids) {
      const { rows } = await tx.query<{ a: LegacyAsset | null }>('select public.legacy_released_asset($1) as a', [id]);
      if (rows[0]?.a) out.push(rows[0].a);
    }
    return out;
  });
}

/** Short-lived URLs of the asset's files for this heir, by media id, on the storage origin. */
export async function heirMediaUrls(
  ctx: AppContext,
  heirId: string,
  asset: Pick<LegacyAsset, 'media'>,
): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const m of asset.media) {
    urls[m.id] = `${ctx.config.storagePublicUrl}${await createHeirMediaUrl(ctx, m.id, heirId, HEIR_MEDIA_URL_SECONDS)}`;
  }
  return urls;
}
