// POST /functions/v1/asset-certificate {assetId} — an asset's ownership certificate as a PDF
// (application/pdf), in the caller's language: for its owner, and for an heir the asset was
// released to (private.released_to, the rule the heir's other answers follow). Anyone else gets
// the answer a missing asset gets. Makes sure a signed checkpoint covers the asset's latest ledger
// entry first.
import { z } from 'zod';
import { certificatePdf, loadCertificateAsset, NoLedgerEntryError } from '../assets/certificate-pdf.js';
import { languageOfUser } from '../shared/language.js';
import { releasedTo } from '../assets/released-assets.js';
import { FunctionError, parseInput } from './errors.js';
import type { ServerFunction } from './types.js';

const bodySchema = z.object({ assetId: z.string().uuid('assetId must be a UUID') });

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

    const asset = await loadCertificateAsset(ctx, input.assetId);
    if (!asset || (asset.owner_id !== userId && !(await releasedTo(ctx, userId, asset.id))))
      throw new FunctionError(404, 'Asset not found', { code: 'not_found' });
    let pdf: Uint8Array;
    try {
      // In the caller's language (Settings, or the language they signed up in): an heir reads it in theirs.
      pdf = await certificatePdf(ctx, asset, await languageOfUser(ctx.db, userId), req.log);
    } catch (err) {
      if (err instanceof NoLedgerEntryError) throw new FunctionError(409, err.message, { code: 'no_entry' });
      throw err;
    }
    const filename = `certificate-${asset.id.slice(0, 8)}.pdf`;
    return reply
      .code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  },
};
