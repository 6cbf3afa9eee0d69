// The certificate as a person reads it: the PDF built by buildCertificate, parsed page by page
// with pdf.js (text and positions) and pdf-lib (images). Page 1 is the certificate (no text
// overlaps, dates in words with their zone, the photo, the QR code beside the steps to check it);
// the technical proof is an appendix. The server-side path (stored photos, downscaling, refusals)
// is in certificate.int.test.ts.
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildCertificate, type CertificateInput } from '../../src/assets/certificate.js';
import { formatAmount, formatBytes, formatDateTime } from '../../src/assets/certificate-format.js';
import {
  certificateMessagesEn,
  certificateMessagesFr,
  type CertificateMessages,
} from '../../src/assets/certificate-messages.js';
import { makeThumbnail, THUMBNAIL_MAX_PIXELS } from '../../src/assets/certificate-photo.js';
import { boxesOverlap, readPdfImages, readPdfText, type PageText } from '../helpers/pdf-read.js';

const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE_IN_WORDS =
  /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}, \d{2}:\d{2} UTC\b/;
const hex = (n: number) => crypto.randomBytes(n).toString('hex');

function sampleInput(overrides: Partial<CertificateInput> = {}): CertificateInput {
  return {
    appName: 'TagLedger',
    verifyUrl: 'http://localhost:3000/verify/BIKE-4F2A91',
    issuedAt: '2026-11-23T18:05:42.120Z',
    asset: {
      id: '3f6c1d2e-8a4b-4c1e-9f3a-2b7d5e6f8a90',
      kind: 'general',
      title: 'Brompton folding bicycle',
      description: 'Black P-line, 4-speed, bought new in 2024.',
      serial_number: 'BIKE-4F2A91',
      make: 'Brompton',
      model: 'P Line Urban',
      status: 'active',
      privacy: 'private',
      created_at: '2026-11-23T17:39:17.716000Z',
      estimated_value: '2450.00',
      currency: 'GBP',
    },
    media: [{ kind: 'photo', mime_type: 'image/jpeg', size_bytes: 2_456_789, sha256: hex(32) }],
    proof: {
      seq: 12,
      event: 'register',
      record_hash: hex(32),
      prev_hash: hex(32),
      entry_hash: hex(32),
      created_at: '2026-11-23T17:39:17.716000Z',
      registered_seq: 12,
      entry_valid: true,
      record_matches: true,
    },
    checkpoint: {
      seq: 14,
      entry_hash: hex(32),
      entry_created_at: '2026-11-23T17:40:02.000000Z',
      signature: `eyJhbGciOiJFUzI1NiJ9.${hex(150)}.${hex(43)}`,
      key_id: 'key-2026-11-22',
      signed_at: '2026-11-23T17:40:02.123000Z',
    },
    photo: { thumbnail: null, hasPhoto: false },
    ...overrides,
  };
}

async function photoThumbnail(width: number, height: number) {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  return (await makeThumbnail(jpeg))!;
}

function expectNoOverlaps(page: PageText) {
  const runs = page.runs;
  const clashes: string[] = [];
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      if (boxesOverlap(runs[i]!, runs[j]!)) clashes.push(`"${runs[i]!.text}" / "${runs[j]!.text}"`);
    }
  }
  expect(clashes).toEqual([]);
}

describe('the certificate document', () => {
  it('page 1: the brand line sits above the title and no text overlaps other text', async () => {
    const pages = await readPdfText(await buildCertificate(sampleInput()));
    const [first] = pages;
    const brand = first!.runs.find((r) => r.text === 'TagLedger')!;
    const title = first!.runs.find((r) => r.text === certificateMessagesEn.title)!;
    expect(brand).toBeDefined();
    expect(title).toBeDefined();
    expect(boxesOverlap({ ...brand, width: 1000, x: 0 }, { ...title, width: 1000, x: 0 })).toBe(false);
    expect(brand.y).toBeGreaterThan(title.y + title.size);
    for (const page of pages) expectNoOverlaps(page);
  });

  it('page 1 writes dates in words with their time zone, never raw ISO timestamps', async () => {
    const input = sampleInput();
    const [first] = await readPdfText(await buildCertificate(input));
    expect(first!.text).not.toMatch(ISO_TIMESTAMP);
    expect(first!.text).toContain('Issued 23 November 2026, 18:05 UTC');
    expect(first!.text).toContain('23 November 2026, 17:39 UTC'); // registered and recorded
    expect(first!.text).toContain('signed 23 November 2026, 17:40 UTC');
    expect(first!.text).toMatch(DATE_IN_WORDS);
  });

  it('puts the QR code and the steps to verify on the same page, and the proof on an appendix page', async () => {
    const input = sampleInput();
    const bytes = await buildCertificate(input);
    const pages = await readPdfText(bytes);
    const images = await readPdfImages(bytes);
    const qrPage = images.findIndex((list) =>
      list.some((img) => img.filter === 'FlateDecode' && img.width === img.height),
    );
    expect(qrPage).toBe(0);
    expect(pages[0]!.text).toContain(certificateMessagesEn.verifyHeading);
    for (const step of certificateMessagesEn.verifySteps({ appName: 'TagLedger' }))
      expect(pages[0]!.text).toContain(step.slice(0, 40));
    expect(pages[0]!.text).toContain(input.verifyUrl);

    // Hashes, fingerprints and the signature are not on the certificate page, but on the appendix.
    const proofStrings = [
      input.proof.entry_hash,
      input.proof.record_hash,
      input.proof.prev_hash,
      input.media[0]!.sha256,
      input.checkpoint!.signature.slice(0, 40),
    ];
    for (const s of proofStrings) expect(pages[0]!.text).not.toContain(s);
    expect(pages.length).toBe(2);
    expect(pages[1]!.text).toContain(certificateMessagesEn.appendixTitle);
    for (const s of proofStrings) expect(pages[1]!.text).toContain(s);
    // The exact timestamp the entry hash was computed over is kept, on the appendix only.
    expect(pages[1]!.text).toContain(input.proof.created_at);
  });

  it('embeds the photo thumbnail when there is one, and a neutral placeholder otherwise', async () => {
    const thumbnail = await photoThumbnail(1200, 800);
    const withPhoto = await buildCertificate(sampleInput({ photo: { thumbnail, hasPhoto: true } }));
    const jpegs = (await readPdfImages(withPhoto))[0]!.filter((img) => img.filter === 'DCTDecode');
    expect(jpegs).toEqual([expect.objectContaining({ width: thumbnail.width, height: thumbnail.height })]);
    expect((await readPdfText(withPhoto))[0]!.text).toContain(certificateMessagesEn.photoCaption);

    const none = await buildCertificate(sampleInput({ media: [], photo: { thumbnail: null, hasPhoto: false } }));
    expect((await readPdfImages(none))[0]!.filter((img) => img.filter === 'DCTDecode')).toEqual([]);
    expect((await readPdfText(none))[0]!.text).toContain(certificateMessagesEn.noPhoto);

    const unreadable = await buildCertificate(sampleInput({ photo: { thumbnail: null, hasPhoto: true } }));
    expect((await readPdfText(unreadable))[0]!.text).toContain(certificateMessagesEn.photoNotShown);
  });

  it('keeps the longest inputs on page 1 without overlap, and the full description in the appendix', async () => {
    const longText = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
    const description = `${longText('scratch', 200)} THE-END`;
    const input = sampleInput({
      verifyUrl: `http://localhost:3000/verify/${'X'.repeat(200)}`,
      asset: {
        ...sampleInput().asset,
        title: longText('Title', 60),
        description,
        serial_number: 'S'.repeat(300),
        make: longText('Make', 40),
        model: longText('Model', 40),
        estimated_value: '123456789012.99',
        status: 'stolen',
      },
      media: Array.from({ length: 20 }, () => ({
        kind: 'document',
        mime_type: 'application/pdf',
        size_bytes: 15 * 1024 * 1024,
        sha256: hex(32),
      })),
      photo: { thumbnail: await photoThumbnail(300, 900), hasPhoto: true },
    });
    const bytes = await buildCertificate(input);
    const pages = await readPdfText(bytes);
    for (const page of pages) expectNoOverlaps(page);
    expect(pages[0]!.text).toContain(certificateMessagesEn.verifyHeading);
    expect(pages[0]!.text).toContain(certificateMessagesEn.descriptionContinued);
    expect(pages[0]!.text).not.toContain('THE-END');
    expect(pages[0]!.text).toContain('Reported stolen');
    const appendix = pages
      .slice(1)
      .map((p) => p.text)
      .join(' ');
    expect(appendix).toContain('THE-END');
    for (const m of input.media) expect(appendix).toContain(m.sha256);
    expect(appendix).toContain(certificateMessagesEn.appendixContinued);
    expect(pages.at(-1)!.text).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('prints text the standard fonts cannot show as "?" instead of failing, and keeps it in the metadata', async () => {
    const title = 'Vélo 🚲 自行车 – €';
    const bytes = await buildCertificate(
      sampleInput({ asset: { ...sampleInput().asset, title, description: 'line one\nline two' } }),
    );
    const [first] = await readPdfText(bytes);
    expect(first!.text).toContain('Vélo ? ??? – €'); // one ? per character, emoji included
    expect(first!.text).toContain('line one line two');
    expect((await PDFDocument.load(bytes)).getTitle()).toContain(title);
  });

  it('takes every text from the messages object, so a translation plugs in', async () => {
    const months = [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ];
    const other: CertificateMessages = {
      ...certificateMessagesEn,
      locale: 'fr-FR',
      months,
      dateTime: ({ day, month, year, time, zone }) => `${day} ${month} ${year} à ${time} ${zone}`,
      title: "Certificat d'enregistrement",
      verifyHeading: 'Comment vérifier ce certificat',
    };
    const [first] = await readPdfText(await buildCertificate(sampleInput({ messages: other })));
    expect(first!.text).toContain("Certificat d'enregistrement");
    expect(first!.text).toContain('Comment vérifier ce certificat');
    expect(first!.text).toContain('23 novembre 2026 à 17:39 UTC');
    // fr-FR groups digits with a narrow no-break space, which the standard fonts lack: it prints as a space.
    expect(first!.text).toMatch(/2\s450,00 GBP/);
  });
});

describe('certificate formats', () => {
  it('writes moments in words in UTC, whatever offset they were given in', () => {
    expect(formatDateTime('2026-11-23T17:39:17.716000Z', certificateMessagesEn)).toBe('23 November 2026, 17:39 UTC');
    expect(formatDateTime('2026-01-02T01:05:00+05:00', certificateMessagesEn)).toBe('1 January 2026, 20:05 UTC');
    expect(formatDateTime('not a date', certificateMessagesEn)).toBe('not a date');
  });

  it('writes amounts and sizes for people', () => {
    expect(formatAmount('2450', 'GBP', certificateMessagesEn)).toBe('2,450.00 GBP');
    expect(formatAmount('n/a', 'EUR', certificateMessagesEn)).toBe('n/a EUR');
    expect(formatBytes(512, certificateMessagesEn)).toBe('512 B');
    expect(formatBytes(2_456_789, certificateMessagesEn)).toBe('2.3 MB');
  });
});

describe('the photo thumbnail', () => {
  it('downscales a large photo to a small JPEG and turns it upright from its EXIF orientation', async () => {
    // Landscape pixels with EXIF orientation 6: the camera meant a portrait picture.
    const big = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const thumb = (await makeThumbnail(big))!;
    expect(Math.max(thumb.width, thumb.height)).toBe(THUMBNAIL_MAX_PIXELS);
    expect(thumb.height).toBeGreaterThan(thumb.width);
    expect(Buffer.from(thumb.jpeg.subarray(0, 3))).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const png = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect(await makeThumbnail(png)).toMatchObject({ width: 40, height: 30 }); // never enlarged
  });

  it('gives no thumbnail for bytes that only look like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2000)]);
    expect(await makeThumbnail(fake)).toBeNull();
  });
});

describe('the certificate with its transparency log proof', () => {
  const log = (): NonNullable<CertificateInput['log']> => {
    const bundle = {
      format: 'tagledger-proof/v1' as const,
      entry: {
        seq: 12,
        event: 'register',
        record_hash: hex(32),
        prev_hash: hex(32),
        entry_hash: hex(32),
        created_at: '2026-11-23T17:39:17.716000Z',
      },
      proof: Array.from({ length: 11 }, () => crypto.randomBytes(32).toString('base64')),
      checkpoint: 'example.test/asset-ledger\n1234\nAAAA\n\n— example.test/asset-ledger AAAA\n',
    };
    return {
      bundle,
      qrText: JSON.stringify(bundle),
      origin: 'example.test/asset-ledger',
      size: 1234,
      root: crypto.randomBytes(32).toString('base64'),
      logKey: `example.test/asset-ledger+0a1b2c3d+${crypto.randomBytes(33).toString('base64')}`,
      signedAt: '2026-11-23T17:40:00.000000Z',
      cosigners: [{ name: 'witness.example/w1', time: '2026-11-23T17:41:05.000Z' }],
      timestamp: { authority: 'Example TSA', time: '2026-11-23T17:40:01.000Z' },
      keysUrl: 'http://localhost:3000/log/v1/keys',
    };
  };

  // Three photos and a proof of four hashes: English used to end its appendix a little above the
  // foot of page 3, French to carry its last sentence over to a page 4.
  it('fits a typical asset on as many pages in French as in English', { timeout: 60_000 }, async () => {
    const l = log();
    const input = (m: CertificateMessages) =>
      sampleInput({
        messages: m,
        media: Array.from({ length: 3 }, () => ({
          kind: 'photo',
          mime_type: 'image/jpeg',
          size_bytes: 2_456_789,
          sha256: hex(32),
        })),
        log: { ...l, bundle: { ...l.bundle, proof: l.bundle.proof.slice(0, 4) }, cosigners: [] },
      });
    const [en, fr] = await Promise.all(
      [certificateMessagesEn, certificateMessagesFr].map(async (m) => readPdfText(await buildCertificate(input(m)))),
    );
    expect(fr!.length).toBe(en!.length);
    expect(fr!.at(-1)!.text).toContain(`Page ${fr!.length} sur ${fr!.length}`);
    expect(fr!.at(-1)!.text).toContain(certificateMessagesFr.notBlockchain.slice(0, 40));
    for (const page of [...en!, ...fr!]) expectNoOverlaps(page);
  });

  it.each([
    ['en', certificateMessagesEn],
    ['fr', certificateMessagesFr],
  ] as const)(
    'in %s: says on page 1 where the entry is in the log, and prints the proof and its QR code in the appendix',
    async (_lang, m) => {
      const input = sampleInput({ log: log(), messages: m });
      const bytes = await buildCertificate(input);
      const pages = await readPdfText(bytes);
      expect(pages[0]!.text).toContain(m.logRow);
      expect(pages[0]!.text).toContain(m.logSummary({ leaf: 11, size: 1234, witnesses: 1 }).slice(0, 30));
      const appendix = pages
        .slice(1)
        .map((p) => p.text)
        .join('\n');
      expect(appendix).toContain(m.logHeading);
      expect(appendix).toContain('witness.example/w1');
      expect(appendix).toContain('Example TSA');
      expect(appendix).toContain(input.log!.keysUrl);
      for (const page of pages) expectNoOverlaps(page);
      // Two QR codes: the address on page 1, the proof bundle in the appendix.
      const squares = (await readPdfImages(bytes)).map(
        (list) => list.filter((img) => img.filter === 'FlateDecode' && img.width === img.height).length,
      );
      expect(squares[0]).toBe(1);
      expect(squares.slice(1).reduce((a, b) => a + b, 0)).toBe(1);
      // Software reads the whole bundle back from the Subject.
      const doc = await PDFDocument.load(bytes);
      expect(JSON.parse(doc.getSubject()!.slice(doc.getSubject()!.indexOf('{'))).bundle).toEqual(input.log!.bundle);
    },
  );
});
