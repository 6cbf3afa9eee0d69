// RFC 3161 time-stamp tokens, read and checked with pkijs and asn1js (maintained ASN.1/PKI
// libraries; nothing here parses DER by hand). A token is a CMS SignedData whose content is a
// TSTInfo: the hash of the stamped data and the authority's time, signed by the authority.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { buffer, equal, fromBase64, toBase64 } from './bytes.js';
import { sha256 } from './merkle.js';

const ID_SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_KP_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const ID_EXT_KEY_USAGE = '2.5.29.37';

export type TimestampFailure =
  'timestamp_malformed' | 'timestamp_mismatch' | 'timestamp_untrusted' | 'timestamp_invalid';

export type TimestampCheck =
  { ok: true; time: Date; authority: string } | { ok: false; code: TimestampFailure; detail: string };

function parseSignedData(der: Uint8Array): pkijs.SignedData {
  const asn1 = asn1js.fromBER(buffer(der));
  if (asn1.offset === -1) throw new Error('not DER');
  const info = new pkijs.ContentInfo({ schema: asn1.result });
  if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('not a CMS SignedData');
  const signed = new pkijs.SignedData({ schema: info.content });
  if (signed.encapContentInfo.eContentType !== pkijs.id_eContentType_TSTInfo) throw new Error('not a time-stamp token');
  return signed;
}

function readTstInfo(signed: pkijs.SignedData): pkijs.TSTInfo {
  const content = signed.encapContentInfo.eContent;
  if (!content) throw new Error('the token has no TSTInfo');
  return pkijs.TSTInfo.fromBER(content.getValue());
}

/** Certificates from PEM text (one or several blocks). */
export function certificatesFromPem(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => {
    const b64 = block.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    return pkijs.Certificate.fromBER(buffer(fromBase64(b64)));
  });
}

function commonName(cert: pkijs.Certificate): string {
  const cn = cert.subject.typesAndValues.find((t) => t.type === '2.5.4.3');
  return cn ? String(cn.value.valueBlock.value) : 'unnamed authority';
}

function isTimeStampingCert(cert: pkijs.Certificate): boolean {
  const ext = cert.extensions?.find((e) => e.extnID === ID_EXT_KEY_USAGE);
  const usage = ext?.parsedValue as pkijs.ExtKeyUsage | undefined;
  return Boolean(usage?.keyPurposes.includes(ID_KP_TIME_STAMPING));
}

/**
 * Checks that the token stamps exactly `data` (SHA-256), that its signature verifies, and that the
 * signer is a time-stamping certificate that chains to one of the trusted ones at the stamped time.
 */
export async function verifyTimestamp(token: string, data: Uint8Array, trustedPem: string[]): Promise<TimestampCheck> {
  let signed: pkijs.SignedData;
  let tst: pkijs.TSTInfo;
  try {
    signed = parseSignedData(fromBase64(token));
    tst = readTstInfo(signed);
  } catch (err) {
    return { ok: false, code: 'timestamp_malformed', detail: (err as Error).message };
  }
  if (tst.messageImprint.hashAlgorithm.algorithmId !== ID_SHA256) {
    return { ok: false, code: 'timestamp_mismatch', detail: 'the token does not stamp a SHA-256 hash' };
  }
  const stamped = new Uint8Array(tst.messageImprint.hashedMessage.getValue());
  if (!equal(stamped, await sha256(data))) {
    return { ok: false, code: 'timestamp_mismatch', detail: 'the token stamps other data than this checkpoint' };
  }
  const trusted = trustedPem.flatMap(certificatesFromPem);
  if (!trusted.length)
    return { ok: false, code: 'timestamp_untrusted', detail: 'no time-stamping authority is trusted' };
  const carried = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  // A compact token may leave its certificates out: the trusted ones then name the signer.
  signed.certificates = [...carried, ...trusted];
  let signer: pkijs.Certificate | undefined;
  try {
    const result = await signed.verify({ signer: 0, data: buffer(data), extendedMode: true });
    signer = result.signerCertificate ?? undefined;
    if (!result.signatureVerified)
      return { ok: false, code: 'timestamp_invalid', detail: 'the token signature does not verify' };
  } catch (err) {
    const e = err as { code?: number; message?: string };
    return e.code === 3
      ? { ok: false, code: 'timestamp_untrusted', detail: 'the signer certificate is neither in the token nor trusted' }
      : { ok: false, code: 'timestamp_invalid', detail: e.message ?? 'the token does not verify' };
  }
  // Trusted as such (the authority's own certificate), or issued under a trusted root at the stamped time.
  const der = (c: pkijs.Certificate) => toBase64(new Uint8Array(c.toSchema().toBER(false)));
  const pinned = signer && trusted.some((t) => der(t) === der(signer!));
  if (signer && !pinned) {
    const chain = await new pkijs.CertificateChainValidationEngine({
      certs: [...carried, ...trusted, signer],
      trustedCerts: trusted,
      checkDate: tst.genTime,
    }).verify();
    if (!chain.result) {
      return {
        ok: false,
        code: 'timestamp_untrusted',
        detail: `the authority does not chain to a trusted certificate (${chain.resultMessage})`,
      };
    }
  }
  if (!signer || !isTimeStampingCert(signer)) {
    return { ok: false, code: 'timestamp_untrusted', detail: 'the signer is not a time-stamping certificate' };
  }
  return { ok: true, time: tst.genTime, authority: commonName(signer) };
}

/** The stamped time of a token without checking it (for display next to a checked result). */
export function timestampTime(token: string): Date | null {
  try {
    return readTstInfo(parseSignedData(fromBase64(token))).genTime;
  } catch {
    return null;
  }
}

/** The same token without its certificates (verifiers add the trusted ones): fits a QR code. */
export function compactTimestamp(token: string): string {
  const signed = parseSignedData(fromBase64(token));
  signed.certificates = undefined;
  const info = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signed.toSchema(true) });
  return toBase64(new Uint8Array(info.toSchema().toBER(false)));
}

/** The certificates a token carries, as PEM (what an authority's tokens say about it). */
export function certificatesOfToken(token: string): string[] {
  const signed = parseSignedData(fromBase64(token));
  return (signed.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => {
      const b64 = toBase64(new Uint8Array(c.toSchema().toBER(false)));
      return `-----BEGIN CERTIFICATE-----\n${b64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
    });
}
