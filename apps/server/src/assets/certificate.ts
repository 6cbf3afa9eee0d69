// The ownership certificate (PDF, built with pdf-lib): what the asset is, the fingerprints of its
// files, its ledger entry and chain position, the signed checkpoint that covers it, and a QR code
// to the public check. The proof is also stored as JSON in the PDF's Subject, so software can
// read it back and verify it (recompute the entry hash, check the checkpoint's signature).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Checkpoint } from './checkpoints.js';

export interface CertificateInput {
  appName: string;
  verifyUrl: string;
  issuedAt: string;
  asset: {
    id: string;
    kind: string;
    title: string;
    description: string | null;
    serial_number: string | null;
    make: string | null;
    model: string | null;
    status: string;
    privacy: string;
    created_at: string;
    estimated_value: string | null;
    currency: string;
  };
  media: { kind: string; mime_type: string; size_bytes: number; sha256: string }[];
  proof: {
    seq: number;
    event: string;
    record_hash: string;
    prev_hash: string;
    entry_hash: string;
    created_at: string;
    registered_seq: number;
    entry_valid: boolean;
    record_matches: boolean;
  };
  checkpoint: Checkpoint | null;
}

export const CERTIFICATE_SUBJECT_PREFIX = 'TagLedger asset proof ';

const KIND_LABELS: Record<string, string> = {
  general: 'General ownership',
  digital: 'Digital asset / NFT',
  legacy: 'Will and legacy',
  business: 'Business inventory',
};

// The standard PDF fonts only encode WinAnsi; replace anything else so user text never breaks the PDF.
function safe(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

class Writer {
  y: number;
  constructor(
    readonly doc: PDFDocument,
    public page: PDFPage,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly mono: PDFFont,
  ) {
    this.y = page.getHeight() - 56;
  }
  private ensure(space: number) {
    if (this.y - space < 48) {
      this.page = this.doc.addPage([595.28, 841.89]);
      this.y = this.page.getHeight() - 56;
    }
  }
  line(text: string, opts: { size?: number; font?: PDFFont; color?: [number, number, number]; indent?: number } = {}) {
    const size = opts.size ?? 10;
    const font = opts.font ?? this.font;
    const maxWidth = this.page.getWidth() - 112 - (opts.indent ?? 0);
    // Wrap by words, or by characters for long hashes.
    const words = safe(text).split(/(\s+)/);
    let current = '';
    const lines: string[] = [];
    for (const w of words) {
      const candidate = current + w;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        current = candidate;
        continue;
      }
      if (current.trim()) lines.push(current.trimEnd());
      current = w.trimStart();
      while (font.widthOfTextAtSize(current, size) > maxWidth) {
        let cut = current.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > maxWidth) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    if (current.trim()) lines.push(current);
    for (const l of lines.length ? lines : ['']) {
      this.ensure(size + 4);
      this.page.drawText(l, { x: 56 + (opts.indent ?? 0), y: this.y, size, font, color: rgb(...(opts.color ?? [0.1, 0.1, 0.12])) });
      this.y -= size + 4;
    }
  }
  field(label: string, value: string | null | undefined, mono = false) {
    if (value === null || value === undefined || value === '') return;
    this.line(label, { size: 8, color: [0.4, 0.4, 0.45] });
    this.line(value, { font: mono ? this.mono : this.font, size: mono ? 8.5 : 10 });
    this.y -= 2;
  }
  gap(h = 8) {
    this.y -= h;
  }
}

export async function buildCertificate(input: CertificateInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const page = doc.addPage([595.28, 841.89]); // A4
  const w = new Writer(doc, page, font, bold, mono);
  const { asset, proof, checkpoint } = input;

  const proofJson = {
    asset_id: asset.id,
    serial_number: asset.serial_number,
    seq: proof.seq,
    event: proof.event,
    record_hash: proof.record_hash,
    prev_hash: proof.prev_hash,
    entry_hash: proof.entry_hash,
    created_at: proof.created_at,
    media_sha256: input.media.map((m) => m.sha256),
    checkpoint: checkpoint ? { seq: checkpoint.seq, entry_hash: checkpoint.entry_hash, signature: checkpoint.signature, key_id: checkpoint.key_id } : null,
    verify_url: input.verifyUrl,
  };
  doc.setTitle(`${input.appName} ownership certificate: ${safe(asset.title)}`);
  doc.setAuthor(input.appName);
  doc.setSubject(CERTIFICATE_SUBJECT_PREFIX + JSON.stringify(proofJson));
  doc.setCreationDate(new Date(input.issuedAt));

  // QR code to the public check, top right.
  const qrPng = await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const qr = await doc.embedPng(qrPng);
  page.drawImage(qr, { x: page.getWidth() - 56 - 110, y: page.getHeight() - 56 - 110, width: 110, height: 110 });

  w.line(`${input.appName}`, { size: 11, font: bold, color: [0.2, 0.35, 0.8] });
  w.line('Certificate of registration', { size: 20, font: bold });
  w.line(`Issued ${input.issuedAt}`, { size: 9, color: [0.4, 0.4, 0.45] });
  w.gap(14);
  w.line(asset.title, { size: 14, font: bold });
  w.gap(4);
  w.field('Kind', KIND_LABELS[asset.kind] ?? asset.kind);
  w.field('Serial number', asset.serial_number);
  w.field('Make / model', [asset.make, asset.model].filter(Boolean).join(' ') || null);
  w.field('Description', asset.description);
  w.field('Estimated value', asset.estimated_value ? `${asset.estimated_value} ${asset.currency}` : null);
  w.field('Registered', asset.created_at);
  w.field('Status', asset.status === 'active' ? 'Active' : `Reported ${asset.status}`);
  w.field('Asset ID', asset.id, true);
  w.gap(6);

  w.line('Files (SHA-256 fingerprints computed by the server)', { size: 11, font: bold });
  if (input.media.length === 0) w.line('No files.', { size: 9 });
  input.media.forEach((m, i) => {
    w.line(`${i + 1}. ${m.kind}, ${m.mime_type}, ${m.size_bytes} bytes`, { size: 9 });
    w.line(m.sha256, { size: 8, font: mono, indent: 12 });
  });
  w.gap(8);

  w.line('Ledger entry', { size: 11, font: bold });
  w.field('Chain position', `#${proof.seq} (${proof.event}); first registered at #${proof.registered_seq}`);
  w.field('Recorded at (UTC)', proof.created_at, true);
  w.field('Record hash', proof.record_hash, true);
  w.field('Previous entry hash', proof.prev_hash, true);
  w.field('Entry hash', proof.entry_hash, true);
  w.field('Integrity when issued', proof.entry_valid && proof.record_matches ? 'Verified: the entry recomputes and matches the record' : 'NOT verified');
  w.gap(6);

  w.line('Signed checkpoint', { size: 11, font: bold });
  if (checkpoint) {
    w.field('Covers the chain up to', `#${checkpoint.seq}, head hash ${checkpoint.entry_hash}`, true);
    w.field('Signed at (UTC)', checkpoint.signed_at, true);
    w.field('Key ID (ES256)', checkpoint.key_id, true);
    w.field('Signature (JWT)', checkpoint.signature, true);
  } else {
    w.line('No checkpoint yet.', { size: 9 });
  }
  w.gap(6);
  w.line('How to verify', { size: 11, font: bold });
  w.line(
    'entry_hash = SHA-256 of "prev_hash|record_hash|position|event|recorded_at". Each entry links to the one before it. ' +
      'The checkpoint is a JWT signed with the server key published with the checkpoints (ledger-checkpoints function); ' +
      'walk the public chain from this entry to the checkpoint and compare hashes. ' +
      `Scan the QR code or open ${input.verifyUrl} for the live check.`,
    { size: 9 },
  );
  w.line(
    'This is a tamper-evident, hash-chained ledger kept by the operator and signed with its key; it is not a public blockchain.',
    { size: 8, color: [0.4, 0.4, 0.45] },
  );
  // Plain (not compressed) objects keep the Subject readable by simple tools, e.g. the browser
  // check on the verify page.
  return doc.save({ useObjectStreams: false });
}
