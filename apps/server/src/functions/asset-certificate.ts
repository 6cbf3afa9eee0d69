// POST /functions/v1/asset-certificate {assetId} — the owner's ownership certificate as a PDF
// (application/pdf). Makes sure a signed checkpoint covers the asset's latest ledger entry first.
import { z } from 'zod';
import type { CertificateInput } from '../assets/certificate.js';
import { certificateMessages } from '../assets/certificate-messages.js';
import { languageOfUser } from '../shared/language.js';
import { loadCertificatePhoto } from '../assets/certificate-photo.js';
import { ensureCheckpoint } from '../assets/checkpoints.js';
import { FunctionError, parseInput } from './errors.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({ assetId: z.string().uuid('assetId must be a UUID') });

export function publicCheckUrl(
  siteUrl: string,
  asset: { id: string; serial_number: string | null; privacy: string },
): string {
  if (asset.serial_number) return `${siteUrl}/verify/${encodeURIComponent(asset.serial_number)}`;
  if (asset.privacy === 'public') return `${siteUrl}/public-assets/${asset.id}`;
  return `${siteUrl}/assets/${asset.id}`;
}

export const assetCertificate: ServerFunction<'asset-certificate'> = {
  name: 'asset-certificate',
  verifyJwt: true,
  async handler({ ctx, principal, req, reply }) {
    const userId = principal.userId;
    if (principal.role !== 'authenticated' || !userId)
      throw new FunctionError(401, 'Sign in to download a certificate');
    const source = {
      ...((req.query as Record<string, unknown>) ?? {}),
      ...((req.body as Record<string, unknown>) ?? {}),
    };
    const input = parseInput(bodySchema, source);

    const { rows } = await ctx.db.query<CertificateInput['asset'] & { owner_id: string }>(
      `select id, owner_id, kind, title, description, serial_number, make, model, status, privacy,
              private.ledger_time(created_at) as created_at, estimated_value::text as estimated_value, currency
       from public.assets where id = $1`,
      [input.assetId],
    );
    const asset = rows[0];
    if (!asset || asset.owner_id !== userId) throw new FunctionError(404, 'Asset not found', { code: 'not_found' });
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
    if (!proof) throw new FunctionError(409, 'This asset has no ledger entry yet', { code: 'no_entry' });
    const checkpoint = await ensureCheckpoint(ctx, { minSeq: proof.seq });
    const { owner_id: _owner, ...assetFields } = asset;
    const photo = await loadCertificatePhoto(ctx, mediaRows, req.log);
    // The PDF and QR libraries load on the first certificate, not with every idle server.
    const { buildCertificate } = await import('../assets/certificate.js');
    const pdf = await buildCertificate({
      // In the owner's language (Settings, or the language they signed up in).
      messages: certificateMessages[await languageOfUser(ctx.db, userId)],
      appName: ctx.config.appName,
      verifyUrl: publicCheckUrl(ctx.config.siteUrl, asset),
      issuedAt: new Date().toISOString(),
      asset: assetFields,
      media,
      proof,
      checkpoint,
      photo,
    });
    const filename = `certificate-${asset.id.slice(0, 8)}.pdf`;
    return reply
      .code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  },
};
