// Asks an RFC 3161 time-stamping authority to stamp data: a TimeStampReq (SHA-256 imprint, a
// nonce, certReq so the token carries the authority's certificate) POSTed as
// application/timestamp-query; the TimeStampResp's status must be granted and its token must stamp
// this data (checked again with timestamp.ts). pkijs builds and reads every structure.
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { buffer, toBase64 } from '../bytes.js';
import { sha256 } from '../merkle.js';

export class TimestampAuthorityError extends Error {}

export async function requestTimestamp(
  url: string,
  data: Uint8Array,
  opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<string> {
  const nonce = new Uint8Array(crypto.randomBytes(8));
  nonce[0] = nonce[0]! & 0x7f; // a positive INTEGER
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
      hashedMessage: new asn1js.OctetString({ valueHex: buffer(await sha256(data)) }),
    }),
    nonce: new asn1js.Integer({ valueHex: buffer(nonce) }),
    certReq: true,
  });
  const body = new Uint8Array(req.toSchema().toBER(false));
  const res = await (opts.fetch ?? fetch)(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  });
  if (!res.ok) throw new TimestampAuthorityError(`the time-stamping authority answered ${res.status}`);
  const asn1 = asn1js.fromBER(await res.arrayBuffer());
  if (asn1.offset === -1) throw new TimestampAuthorityError('the time-stamping authority answered no TimeStampResp');
  const resp = new pkijs.TimeStampResp({ schema: asn1.result });
  // 0 granted, 1 granted with modifications.
  if (resp.status.status > 1 || !resp.timeStampToken) {
    throw new TimestampAuthorityError(`the time-stamping authority refused (status ${resp.status.status})`);
  }
  const signed = new pkijs.SignedData({ schema: resp.timeStampToken.content });
  const tst = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent!.getValue());
  if (!tst.nonce || toBase64(new Uint8Array(tst.nonce.valueBlock.valueHexView)) !== toBase64(nonce)) {
    throw new TimestampAuthorityError('the time-stamping authority answered another request (nonce)');
  }
  return toBase64(new Uint8Array(resp.timeStampToken.toSchema().toBER(false)));
}
