// One asset's ownership certificate as PDF bytes, in a given language: the asset's fields, its
// files' fingerprints, its proof, a signed checkpoint covering its latest ledger entry (signed now
// if none does yet) and the first photo's thumbnail. Callers decide who may have it — the owner
// (asset-certificate), an heir the asset was released to (asset-certificate, legacy-archive).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../shared/context.js';
import type { Language } from '../shared/language.js';
import type { CertificateInput } from './certificate.js';
import { certificateMessages } from './certificate-messages.js';
import { loadCertificatePhoto } from './certificate-photo.js';
import { ensureCheckpoint } from './checkpoints.js';
import { certificateLog } from './transparency-log.js';

export type CertificateAsset = CertificateInput['asset'] & { owner_id: string };

/** The certificate cannot be made: the asset has no ledger entry yet. */
export class NoLedgerEntryError extends Error {
  constructor() {
    super('This asset has no ledger entry yet');
  }
}

/** Where the certificate's QR code and link send a reader to check it. */
function publicCheckUrl(siteUrl: string, asset: { id: string; serial_number: string | null; privacy: string }): string {
  if (asset.serial_number) return `${siteUrl}/verify/${encodeURIComponent(asset.serial_number)}`;
  if (asset.privacy === 'public') return `${siteUrl}/public-assets/${asset.id}`;
  return `${siteUrl}/assets/${asset.id}`;
}

/** The asset as the certificate prints it, with its owner's id (for the caller's check), or undefined. */
export async function loadCertificateAsset(ctx: AppContext, assetId: string): Promise<CertificateAsset | undefined> {
  const { rows } = await ctx.db.query<CertificateAsset>(
    `select id, owner_id, kind, title, description, serial_number, make, model, status, privacy,
            private.ledger_time(created_at) as created_at, estimated_value::text as estimated_value, currency,
            -- Where it is kept, only when the owner chose to print it (decision 0156).
            case when location_on_certificate and (location is not null or location_latitude is not null) then
              jsonb_build_object('text', location, 'latitude', location_latitude,
                                 'longitude', location_longitude, 'accuracy_m', location_accuracy_m)
            end as place
     from public.assets where id = $1`,
    [assetId],
  );
  return rows[0];
}

export async function certificatePdf(
  ctx: AppContext,
  asset: CertificateAsset,
  language: Language,
  log: FastifyBaseLogger,
): Promise<Uint8Array> {
  const { rows: mediaRows } = await ctx.db.query<CertificateInput['media'][number] & { object_name: string }>(
    `select object_name, kind, mime_type, size_bytes::int as size_bytes, sha256
     from public.asset_media where asset_id = $1 order by position`,
    [asset.id],
  );
  // Object names (they begin with the owner's id) stay on the server; the PDF gets the rest.
  const media = mediaRows.map(({ object_name: _name, ...rest }) => rest);
  const { rows: proofs } = await ctx.db.query<{ p: CertificateInput['proof'] }>(
    'select private.asset_proof(a) as p from public.assets a where a.id = $1',
    [asset.id],
  );
  const proof = proofs[0]?.p;
  if (!proof) throw new NoLedgerEntryError();
  const checkpoint = await ensureCheckpoint(ctx, { minSeq: proof.seq });
  const { owner_id: _owner, ...assetFields } = asset;
  const photo = await loadCertificatePhoto(ctx, mediaRows, log);
  // The PDF and QR libraries load on the first certificate, not with every idle server.
  const { buildCertificate } = await import('./certificate.js');
  return buildCertificate({
    messages: certificateMessages[language],
    appName: ctx.config.appName,
    verifyUrl: publicCheckUrl(ctx.config.siteUrl, asset),
    issuedAt: new Date().toISOString(),
    asset: assetFields,
    media,
    proof,
    checkpoint,
    photo,
    // The transparency log's proof bundle (entry, inclusion, signed head, cosignatures, timestamp).
    log: await certificateLog(ctx, proof.seq, asset),
  });
}
