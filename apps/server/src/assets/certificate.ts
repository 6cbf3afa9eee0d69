// The ownership certificate (PDF, built with pdf-lib), laid out as a document a buyer or insurer
// reads: page 1 is the certificate itself (what the asset is, its photo, its ledger record in
// words, and the QR code with the steps to check it, together); the technical proof (file
// fingerprints, hashes, the signed checkpoint, how to verify independently) is an appendix from
// page 2. The proof is also stored as JSON in the PDF's Subject, so software can read it back and
// verify it (recompute the entry hash, check the checkpoint's signature).
// Texts come from certificate-messages.ts; nothing here holds words of its own.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { LedgerEntry } from '@tagledger/functions-api';
import type { ProofBundle } from '@tagledger/verify';
import type { Checkpoint } from './checkpoints.js';
import { certificateMessagesEn, type CertificateMessages } from './certificate-messages.js';
import { formatAmount, formatBytes, formatDateTime } from './certificate-format.js';
import type { Thumbnail } from './certificate-photo.js';
import {
  blockHeight,
  clampLines,
  drawLines,
  encodable,
  lineBox,
  wrapText,
  type Rgb,
  type TextStyle,
} from './pdf-layout.js';

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
    /** Where it is kept, only when the owner chose to print it; absent or null prints nothing. */
    place?: {
      text: string | null;
      latitude: number | null;
      longitude: number | null;
      accuracy_m: number | null;
    } | null;
  };
  media: { kind: string; mime_type: string; size_bytes: number; sha256: string }[];
  proof: LedgerEntry & {
    registered_seq: number;
    entry_valid: boolean;
    record_matches: boolean;
  };
  checkpoint: Checkpoint | null;
  /** The asset's photo, made small (certificate-photo.ts); null shows a placeholder. */
  photo?: { thumbnail: Thumbnail | null; hasPhoto: boolean };
  /** The transparency log's proof of the entry (transparency-log.ts, certificateLog). */
  log?: CertificateLog | null;
  messages?: CertificateMessages;
}

/** What the certificate prints of the transparency log proof, and the bundle it embeds. */
export interface CertificateLog {
  /** The full bundle (the PDF's Subject carries it for software). */
  bundle: ProofBundle;
  /** The compact bundle a QR code carries. */
  qrText: string;
  origin: string;
  size: number;
  root: string;
  logKey: string;
  signedAt: string;
  cosigners: { name: string; time: string }[];
  timestamp: { time: string; authority: string } | null;
  keysUrl: string;
}

export const CERTIFICATE_SUBJECT_PREFIX = 'TagLedger asset proof ';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
/** Lowest point content may reach; the footer lives below it. */
const CONTENT_BOTTOM = 62;
const FOOTER_BASELINE = 34;
const PHOTO_BOX = 150;
const LABEL_WIDTH = 112;
/** The appendix's labels name the hash fields too, so they get a wider column. */
const APPENDIX_LABEL_WIDTH = 168;
const ROW_GAP = 5;
const SECTION_GAP = 14;
/** Space kept between page 1's text and the verification panel. */
const PANEL_GAP = 10;
const MAX_DESCRIPTION_LINES = 6;

const INK: Rgb = [0.1, 0.11, 0.14];
const MUTED: Rgb = [0.4, 0.42, 0.48];
const BRAND: Rgb = [0.12, 0.24, 0.52];
const RULE: Rgb = [0.78, 0.8, 0.85];
const PANEL: Rgb = [0.955, 0.965, 0.985];
const WARN: Rgb = [0.7, 0.1, 0.1];

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  mono: PDFFont;
}

/**
 * The styles; `leading` scales every line height (the appendix's compact layout sets lines a little
 * closer, fonts unchanged).
 */
function styles(f: Fonts, leading = 1) {
  const all = {
    brand: { font: f.bold, size: 13, color: BRAND },
    issued: { font: f.regular, size: 8.5, color: MUTED, lineHeight: (13 * 1.3) / 8.5 },
    title: { font: f.bold, size: 26, color: INK, lineHeight: 1.15 },
    appendixTitle: { font: f.bold, size: 18, color: INK, lineHeight: 1.2 },
    lead: { font: f.regular, size: 10.5, color: MUTED, lineHeight: 1.4 },
    assetTitle: { font: f.bold, size: 17, color: INK, lineHeight: 1.2 },
    heading: { font: f.bold, size: 11, color: BRAND, lineHeight: 1.4 },
    label: { font: f.regular, size: 9, color: MUTED, lineHeight: 13.5 / 9 },
    value: { font: f.regular, size: 10, color: INK, lineHeight: 1.35 },
    valueWarn: { font: f.bold, size: 10, color: WARN, lineHeight: 1.35 },
    monoValue: { font: f.mono, size: 8.5, color: INK, lineHeight: 13.5 / 8.5 },
    hash: { font: f.mono, size: 8, color: INK, lineHeight: 13.5 / 8 },
    body: { font: f.regular, size: 9.5, color: INK, lineHeight: 1.35 },
    url: { font: f.mono, size: 8.5, color: BRAND, lineHeight: 1.35 },
    signature: { font: f.mono, size: 7, color: INK, lineHeight: 1.35 },
    caption: { font: f.regular, size: 8, color: MUTED, lineHeight: 1.3 },
    note: { font: f.italic, size: 8, color: MUTED, lineHeight: 1.35 },
    footer: { font: f.regular, size: 7.5, color: MUTED },
  } satisfies Record<string, TextStyle>;
  if (leading === 1) return all;
  // Never closer than 1.25: lower, a line's descenders touch the next line's capitals.
  for (const style of Object.values(all) as TextStyle[])
    if (style.lineHeight) style.lineHeight = Math.max(1.25, style.lineHeight * leading);
  return all;
}
type Styles = ReturnType<typeof styles>;

function rule(page: PDFPage, y: number, color: Rgb = RULE, thickness = 0.75) {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT_WIDTH, y }, thickness, color: rgb(...color) });
}

/** A label beside its value (value already wrapped to its column); returns the bottom of the row. */
function drawRow(
  page: PDFPage,
  s: Styles,
  label: string,
  valueLines: string[],
  valueStyle: TextStyle,
  at: { x: number; top: number; labelWidth?: number; gap?: number },
): number {
  const labelWidth = at.labelWidth ?? LABEL_WIDTH;
  const labelBottom = drawLines(page, wrapText(label, s.label, labelWidth - 8), s.label, { x: at.x, top: at.top });
  const valueBottom = drawLines(page, valueLines, valueStyle, { x: at.x + labelWidth, top: at.top });
  return Math.min(labelBottom, valueBottom) - (at.gap ?? ROW_GAP);
}

function rowHeight(
  s: Styles,
  label: string,
  valueLines: string[],
  valueStyle: TextStyle,
  labelWidth: number,
  gap = ROW_GAP,
): number {
  return (
    Math.max(blockHeight(wrapText(label, s.label, labelWidth - 8), s.label), blockHeight(valueLines, valueStyle)) + gap
  );
}

/** Brand line with a right-aligned note, then a rule; returns the top for what follows. */
function drawHeader(page: PDFPage, s: Styles, appName: string, note: string): number {
  const top = A4[1] - MARGIN;
  const brandBottom = drawLines(page, [encodable(appName, s.brand.font)], s.brand, { x: MARGIN, top });
  drawLines(page, [encodable(note, s.issued.font)], s.issued, { x: MARGIN, top, width: CONTENT_WIDTH, align: 'right' });
  rule(page, brandBottom - 4, BRAND, 1);
  return brandBottom - 4 - 20;
}

function drawPhoto(
  page: PDFPage,
  s: Styles,
  m: CertificateMessages,
  image: PDFImage | null,
  hasPhoto: boolean,
  x: number,
  top: number,
): number {
  const bottom = top - PHOTO_BOX;
  page.drawRectangle({
    x,
    y: bottom,
    width: PHOTO_BOX,
    height: PHOTO_BOX,
    color: rgb(...PANEL),
    borderColor: rgb(...RULE),
    borderWidth: 0.75,
  });
  if (image) {
    const scale = Math.min((PHOTO_BOX - 8) / image.width, (PHOTO_BOX - 8) / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    page.drawImage(image, { x: x + (PHOTO_BOX - w) / 2, y: bottom + (PHOTO_BOX - h) / 2, width: w, height: h });
  } else {
    const text = hasPhoto ? m.photoNotShown : m.noPhoto;
    const lines = wrapText(text, s.caption, PHOTO_BOX - 20);
    drawLines(page, lines, s.caption, {
      x,
      top: bottom + PHOTO_BOX / 2 + blockHeight(lines, s.caption) / 2,
      width: PHOTO_BOX,
      align: 'center',
    });
  }
  if (!image) return bottom;
  return drawLines(page, [encodable(m.photoCaption, s.caption.font)], s.caption, {
    x,
    top: bottom - 4,
    width: PHOTO_BOX,
    align: 'center',
  });
}

/** Numbered steps with a hanging indent; returns the bottom. */
function drawSteps(
  page: PDFPage,
  style: TextStyle,
  steps: string[],
  at: { x: number; top: number; width: number },
  firstNumber = 1,
): number {
  const indent = 14;
  let top = at.top;
  steps.forEach((step, i) => {
    drawLines(page, [`${firstNumber + i}.`], style, { x: at.x, top });
    top = drawLines(page, wrapText(step, style, at.width - indent), style, { x: at.x + indent, top }) - 3;
  });
  return top;
}

function stepsHeight(style: TextStyle, steps: string[], width: number): number {
  return steps.reduce((h, step) => h + blockHeight(wrapText(step, style, width - 14), style) + 3, 0);
}

/** Page 1: the certificate. Returns whether the description was cut (the appendix then holds it in full). */
function drawCertificatePage(
  page: PDFPage,
  s: Styles,
  m: CertificateMessages,
  input: CertificateInput,
  qr: PDFImage,
  photo: PDFImage | null,
): { descriptionClamped: boolean } {
  const { asset, proof, checkpoint, appName } = input;
  // A quiet double frame marks the page as the certificate proper: each line `inset` from the edges.
  const frame = (inset: number, color: Rgb, borderWidth: number) =>
    page.drawRectangle({
      x: inset,
      y: inset,
      width: A4[0] - 2 * inset,
      height: A4[1] - 2 * inset,
      borderColor: rgb(...color),
      borderWidth,
    });
  frame(20, BRAND, 1.2);
  frame(25, RULE, 0.5);

  let top = drawHeader(page, s, appName, m.issued({ when: formatDateTime(input.issuedAt, m) }));
  top = drawLines(page, wrapText(m.title, s.title, CONTENT_WIDTH), s.title, { x: MARGIN, top }) - 6;
  const verified = proof.entry_valid && proof.record_matches;
  const lead = `${m.lead({ appName })} ${verified ? m.leadVerified : m.leadNotVerified}`;
  top = drawLines(page, wrapText(lead, s.lead, CONTENT_WIDTH), s.lead, { x: MARGIN, top }) - 18;

  // What goes at the foot of the page is measured first: the description gets the room left.
  const panel = layoutVerifyPanel(s, m, input);
  const fullValue = (text: string, style: TextStyle = s.value) => wrapText(text, style, CONTENT_WIDTH - LABEL_WIDTH);
  const integrityStyle = verified ? s.value : s.valueWarn;
  const ledgerRows: [string, string[], TextStyle][] = [
    [
      m.ledgerEntryLabel,
      fullValue(m.ledgerEntry({ seq: proof.seq, event: m.events[proof.event] ?? proof.event })),
      s.value,
    ],
    [m.ledgerRecorded, fullValue(formatDateTime(proof.created_at, m)), s.value],
    [
      m.ledgerIntegrity,
      fullValue(verified ? m.integrityVerified : m.integrityNotVerified, integrityStyle),
      integrityStyle,
    ],
    [
      m.ledgerCheckpoint,
      fullValue(
        checkpoint
          ? m.checkpointSummary({ seq: checkpoint.seq, when: formatDateTime(checkpoint.signed_at, m) })
          : m.noCheckpoint,
      ),
      s.value,
    ],
  ];
  if (input.log) {
    ledgerRows.push([
      m.logRow,
      fullValue(
        m.logSummary({
          leaf: input.log.bundle.entry.seq - 1,
          size: input.log.size,
          witnesses: input.log.cosigners.length,
        }),
      ),
      s.value,
    ]);
  }
  const ledgerHeight =
    SECTION_GAP +
    sectionHeadingHeight(s, m.ledgerHeading) +
    ledgerRows.reduce((h, [label, lines, style]) => h + rowHeight(s, label, lines, style, LABEL_WIDTH), 0);
  const lowestAssetRow = CONTENT_BOTTOM + panel.height + PANEL_GAP + ledgerHeight;

  // The asset: details on the left, the photo on the right.
  const leftWidth = CONTENT_WIDTH - PHOTO_BOX - 20;
  const photoBottom = drawPhoto(
    page,
    s,
    m,
    photo,
    input.photo?.hasPhoto ?? false,
    MARGIN + CONTENT_WIDTH - PHOTO_BOX,
    top,
  );
  const titleLines = clampLines(wrapText(asset.title, s.assetTitle, leftWidth), 3, s.assetTitle, leftWidth).lines;
  let left = drawLines(page, titleLines, s.assetTitle, { x: MARGIN, top }) - 8;
  const valueWidth = leftWidth - LABEL_WIDTH;
  const value = (text: string, style: TextStyle = s.value, max = 2) =>
    clampLines(wrapText(text, style, valueWidth), max, style, valueWidth).lines;
  const rows: [string, string[], TextStyle][] = [];
  rows.push([m.fields.kind, value(m.kinds[asset.kind] ?? asset.kind), s.value]);
  if (asset.serial_number) rows.push([m.fields.serialNumber, value(asset.serial_number), s.value]);
  const makeModel = [asset.make, asset.model].filter(Boolean).join(' ');
  if (makeModel) rows.push([m.fields.makeModel, value(makeModel), s.value]);
  if (asset.estimated_value)
    rows.push([m.fields.estimatedValue, value(formatAmount(asset.estimated_value, asset.currency, m)), s.value]);
  if (asset.place) {
    const { text, latitude, longitude, accuracy_m } = asset.place;
    const coordinates =
      latitude !== null && longitude !== null
        ? m.coordinates({
            latitude: latitude.toFixed(5),
            longitude: longitude.toFixed(5),
            accuracy: accuracy_m === null ? null : String(Math.round(accuracy_m)),
          })
        : null;
    const place = [text, coordinates].filter(Boolean).join(' · ');
    if (place) rows.push([m.fields.place, value(place), s.value]);
  }
  rows.push([m.fields.registered, value(formatDateTime(asset.created_at, m)), s.value]);
  const statusStyle = asset.status === 'active' ? s.value : s.valueWarn;
  rows.push([m.fields.status, value(m.statuses[asset.status] ?? asset.status, statusStyle), statusStyle]);
  rows.push([m.fields.assetId, value(asset.id, s.monoValue), s.monoValue]);
  for (const [label, lines, style] of rows) left = drawRow(page, s, label, lines, style, { x: MARGIN, top: left });

  let descriptionClamped = false;
  if (asset.description) {
    const room = Math.floor((left - ROW_GAP - lowestAssetRow) / lineBox(s.value));
    const all = wrapText(asset.description, s.value, valueWidth);
    const fits = Math.max(1, Math.min(MAX_DESCRIPTION_LINES, room));
    if (all.length <= fits) {
      left = drawRow(page, s, m.fields.description, all, s.value, { x: MARGIN, top: left });
    } else {
      // One line of the room goes to the note saying where the rest is.
      descriptionClamped = true;
      const kept = clampLines(all, Math.max(1, fits - 1), s.value, valueWidth).lines;
      const note = value(m.descriptionContinued, s.caption, 1);
      const rowBottom = drawRow(page, s, m.fields.description, kept, s.value, { x: MARGIN, top: left });
      left = drawLines(page, note, s.caption, { x: MARGIN + LABEL_WIDTH, top: rowBottom + ROW_GAP }) - ROW_GAP;
    }
  }

  // The ledger record in words; the hashes are in the appendix.
  top = drawSectionHeading(page, s, m.ledgerHeading, Math.min(left, photoBottom) - SECTION_GAP);
  for (const [label, lines, style] of ledgerRows) top = drawRow(page, s, label, lines, style, { x: MARGIN, top });

  // Guards the measurements above: the panel is never drawn over text.
  if (top < CONTENT_BOTTOM + panel.height + PANEL_GAP - 0.01)
    throw new Error('certificate page 1 overflows into the verification panel');
  drawVerifyPanel(page, s, m, panel, qr);
  return { descriptionClamped };
}

function sectionHeadingHeight(s: Styles, text: string): number {
  return blockHeight(wrapText(text, s.heading, CONTENT_WIDTH), s.heading) + 9;
}

function drawSectionHeading(page: PDFPage, s: Styles, text: string, top: number): number {
  const bottom = drawLines(page, wrapText(text, s.heading, CONTENT_WIDTH), s.heading, { x: MARGIN, top });
  rule(page, bottom - 1);
  return bottom - 9;
}

const PANEL_PAD = 14;
const QR_SIZE = 118;
const PANEL_TEXT_X = MARGIN + PANEL_PAD + QR_SIZE + 18;
const PANEL_TEXT_WIDTH = MARGIN + CONTENT_WIDTH - PANEL_PAD - PANEL_TEXT_X;

interface VerifyPanel {
  height: number;
  heading: string[];
  steps: string[];
  urlLines: string[];
}

function layoutVerifyPanel(s: Styles, m: CertificateMessages, input: CertificateInput): VerifyPanel {
  const heading = wrapText(m.verifyHeading, s.heading, PANEL_TEXT_WIDTH);
  const steps = m.verifySteps({ appName: input.appName });
  const urlLines = clampLines(wrapText(input.verifyUrl, s.url, PANEL_TEXT_WIDTH), 2, s.url, PANEL_TEXT_WIDTH).lines;
  const textHeight =
    blockHeight(heading, s.heading) +
    6 +
    stepsHeight(s.body, steps, PANEL_TEXT_WIDTH) +
    4 +
    lineBox(s.label) +
    blockHeight(urlLines, s.url);
  return { height: PANEL_PAD * 2 + Math.max(QR_SIZE, textHeight), heading, steps, urlLines };
}

/** The QR code and the steps to check the certificate, in one panel at the foot of page 1. */
function drawVerifyPanel(page: PDFPage, s: Styles, m: CertificateMessages, panel: VerifyPanel, qr: PDFImage) {
  const panelTop = CONTENT_BOTTOM + panel.height;
  page.drawRectangle({
    x: MARGIN,
    y: CONTENT_BOTTOM,
    width: CONTENT_WIDTH,
    height: panel.height,
    color: rgb(...PANEL),
    borderColor: rgb(...RULE),
    borderWidth: 0.75,
  });
  page.drawImage(qr, { x: MARGIN + PANEL_PAD, y: panelTop - PANEL_PAD - QR_SIZE, width: QR_SIZE, height: QR_SIZE });
  let top = drawLines(page, panel.heading, s.heading, { x: PANEL_TEXT_X, top: panelTop - PANEL_PAD }) - 6;
  top = drawSteps(page, s.body, panel.steps, { x: PANEL_TEXT_X, top, width: PANEL_TEXT_WIDTH }) - 4;
  top = drawLines(page, [encodable(m.verifyAddress, s.label.font)], s.label, { x: PANEL_TEXT_X, top });
  drawLines(page, panel.urlLines, s.url, { x: PANEL_TEXT_X, top });
}

/**
 * How tightly the appendix is set. The normal layout first; when its last page would hold only a short
 * tail (French runs about a tenth longer than English, enough to push a last sentence over), the
 * compact one — lines closer, smaller gaps, a smaller proof QR code — is tried and kept if it needs
 * a page fewer.
 */
interface AppendixLayout {
  s: Styles;
  rowGap: number;
  qrSize: number;
}

/** A layout's numbers; `leading` scales the line heights (see `styles`). */
interface AppendixSpacing {
  leading: number;
  rowGap: number;
  qrSize: number;
}

/**
 * Both layouts' spacing side by side. The proof bundle's QR code is dense (a whole proof), so it is
 * printed large; the compact layout sets lines up to 12 % closer (`leading`), rows 2 pt closer and
 * that code 20 % smaller.
 */
const APPENDIX_SPACING = {
  normal: { leading: 1, rowGap: ROW_GAP, qrSize: 230 },
  compact: { leading: 0.88, rowGap: 3, qrSize: 184 },
} satisfies Record<string, AppendixSpacing>;

/** A last page filled less than this (a share of the content height) is a short tail worth a retry. */
const SHORT_TAIL = 0.4;

/** Lays content down the appendix pages, starting a continued page when a block would not fit. */
class AppendixFlow {
  page!: PDFPage;
  top = 0;
  /** Where the content of the current page starts (below its title). */
  pageTop = 0;
  pages = 0;
  private readonly s: Styles;
  constructor(
    private readonly doc: PDFDocument,
    private readonly layout: AppendixLayout,
    private readonly m: CertificateMessages,
    private readonly appName: string,
  ) {
    this.s = layout.s;
    this.newPage(false);
  }
  /** The share of the last page's content height in use. */
  get lastPageFill(): number {
    return (this.pageTop - this.top) / (this.pageTop - CONTENT_BOTTOM);
  }
  private newPage(continued: boolean) {
    this.pages += 1;
    this.page = this.doc.addPage(A4);
    const top = drawHeader(this.page, this.s, this.appName, this.m.title);
    const title = continued ? this.m.appendixContinued : this.m.appendixTitle;
    this.top =
      drawLines(this.page, wrapText(title, this.s.appendixTitle, CONTENT_WIDTH), this.s.appendixTitle, {
        x: MARGIN,
        top,
      }) - 8;
    this.pageTop = this.top;
  }
  /** Makes room for a block of this height (a block is never split across pages). */
  reserve(height: number) {
    if (this.top - height < CONTENT_BOTTOM) this.newPage(true);
  }
  paragraph(text: string, style: TextStyle, indent = 0, after = 4) {
    const lines = wrapText(text, style, CONTENT_WIDTH - indent);
    this.reserve(blockHeight(lines, style));
    this.top = drawLines(this.page, lines, style, { x: MARGIN + indent, top: this.top }) - after;
  }
  heading(text: string) {
    // Keep a heading with at least two lines of what follows it.
    this.reserve(lineBox(this.s.heading) + 10 + 2 * lineBox(this.s.value));
    this.top = drawSectionHeading(this.page, this.s, text, this.top - 8);
  }
  row(label: string, text: string, style: TextStyle) {
    const lines = wrapText(text, style, CONTENT_WIDTH - APPENDIX_LABEL_WIDTH);
    this.reserve(rowHeight(this.s, label, lines, style, APPENDIX_LABEL_WIDTH, this.layout.rowGap));
    this.top = drawRow(this.page, this.s, label, lines, style, {
      x: MARGIN,
      top: this.top,
      labelWidth: APPENDIX_LABEL_WIDTH,
      gap: this.layout.rowGap,
    });
  }
  /** Long machine text (a JWT) in a shaded box, broken anywhere, so it reads as one value. */
  codeBox(label: string, text: string) {
    const pad = 8;
    const lines = wrapText(text, this.s.signature, CONTENT_WIDTH - 2 * pad);
    const height = blockHeight(lines, this.s.signature) + 2 * pad;
    this.reserve(lineBox(this.s.label) + height);
    this.top =
      drawLines(this.page, wrapText(label, this.s.label, CONTENT_WIDTH), this.s.label, { x: MARGIN, top: this.top }) -
      2;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.top - height,
      width: CONTENT_WIDTH,
      height,
      color: rgb(...PANEL),
      borderColor: rgb(...RULE),
      borderWidth: 0.5,
    });
    drawLines(this.page, lines, this.s.signature, { x: MARGIN + pad, top: this.top - pad });
    this.top -= height + this.layout.rowGap;
  }
  /** An image centred in the column, kept whole on one page. */
  image(image: PDFImage, size: number) {
    this.reserve(size + 6);
    this.page.drawImage(image, {
      x: MARGIN + (CONTENT_WIDTH - size) / 2,
      y: this.top - size,
      width: size,
      height: size,
    });
    this.top -= size + 6;
  }
  steps(steps: string[]) {
    // Step by step, so a page break falls between steps, never inside one.
    steps.forEach((step, i) => {
      this.reserve(stepsHeight(this.s.body, [step], CONTENT_WIDTH));
      this.top = drawSteps(this.page, this.s.body, [step], { x: MARGIN, top: this.top, width: CONTENT_WIDTH }, i + 1);
    });
  }
}

function drawAppendix(
  doc: PDFDocument,
  layout: AppendixLayout,
  m: CertificateMessages,
  input: CertificateInput,
  descriptionClamped: boolean,
  logQr: PDFImage | null,
): AppendixFlow {
  const { s } = layout;
  const { asset, proof, checkpoint } = input;
  const flow = new AppendixFlow(doc, layout, m, input.appName);
  flow.paragraph(m.appendixLead({ appName: input.appName }), s.lead, 0, 6);
  if (descriptionClamped && asset.description) {
    flow.heading(m.fullDescription);
    flow.paragraph(asset.description, s.body);
  }

  flow.heading(m.filesHeading);
  if (input.media.length === 0) flow.paragraph(m.noFiles, s.body);
  input.media.forEach((file, i) => {
    const kind = m.fileKinds[file.kind] ?? file.kind;
    flow.reserve(lineBox(s.body) + lineBox(s.monoValue) + 4);
    flow.paragraph(
      m.fileLine({ index: i + 1, kind, mime: file.mime_type, size: formatBytes(file.size_bytes, m) }),
      s.body,
      0,
      0,
    );
    flow.paragraph(file.sha256, s.hash, 14, 4);
  });

  const verified = proof.entry_valid && proof.record_matches;
  flow.heading(m.entryHeading);
  flow.row(m.entryFields.position, m.positionValue({ seq: proof.seq, registeredSeq: proof.registered_seq }), s.value);
  flow.row(m.entryFields.event, `${m.events[proof.event] ?? proof.event} (${proof.event})`, s.value);
  flow.row(m.entryFields.recordedAt, formatDateTime(proof.created_at, m), s.value);
  // The exact string that went into the hash: without it nobody can recompute the entry hash.
  flow.row(m.entryFields.hashedTimestamp, proof.created_at, s.hash);
  flow.row(m.entryFields.recordHash, proof.record_hash, s.hash);
  flow.row(m.entryFields.prevHash, proof.prev_hash, s.hash);
  flow.row(m.entryFields.entryHash, proof.entry_hash, s.hash);
  flow.row(
    m.entryFields.integrity,
    verified ? m.integrityVerified : m.integrityNotVerified,
    verified ? s.value : s.valueWarn,
  );

  flow.heading(m.checkpointHeading);
  if (checkpoint) {
    flow.row(m.checkpointFields.covers, m.coversValue({ seq: checkpoint.seq }), s.value);
    flow.row(m.checkpointFields.headHash, checkpoint.entry_hash, s.hash);
    flow.row(m.checkpointFields.signedAt, formatDateTime(checkpoint.signed_at, m), s.value);
    flow.row(m.checkpointFields.keyId, checkpoint.key_id, s.hash);
    flow.codeBox(m.checkpointFields.signature, checkpoint.signature);
  } else {
    flow.paragraph(m.noCheckpoint, s.body);
  }

  const log = input.log;
  if (log) {
    flow.heading(m.logHeading);
    flow.paragraph(m.logLead({ appName: input.appName }), s.body, 0, 6);
    flow.row(m.logFields.origin, log.origin, s.hash);
    flow.row(
      m.logFields.leaf,
      m.logLeafValue({ leaf: log.bundle.entry.seq - 1, size: log.size, hashes: log.bundle.proof.length }),
      s.value,
    );
    flow.row(m.logFields.treeHead, m.logHeadValue({ size: log.size, when: formatDateTime(log.signedAt, m) }), s.value);
    flow.row('', log.root, s.hash);
    flow.row(m.logFields.signedBy, log.logKey, s.hash);
    flow.row(
      m.logFields.witnesses,
      log.cosigners.length
        ? log.cosigners.map((c) => m.logWitness({ name: c.name, when: formatDateTime(c.time, m) })).join('; ')
        : m.noWitnesses,
      s.value,
    );
    flow.row(
      m.logFields.timestamp,
      log.timestamp
        ? m.logTimestamp({ authority: log.timestamp.authority, when: formatDateTime(log.timestamp.time, m) })
        : m.notTimestamped,
      s.value,
    );
    flow.row(m.logFields.keys, log.keysUrl, s.url);
    if (logQr) {
      flow.image(logQr, layout.qrSize);
      flow.paragraph(m.logQrCaption, s.caption, 0, 6);
    }
    flow.steps(m.logCheckSteps({ keysUrl: log.keysUrl }));
  }

  flow.heading(m.independentHeading);
  flow.steps(m.independentSteps);
  flow.top -= 6;
  flow.paragraph(m.notBlockchain, s.note);
  return flow;
}

function drawFooters(doc: PDFDocument, s: Styles, m: CertificateMessages, input: CertificateInput) {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const text = encodable(
      m.footer({ appName: input.appName, assetId: input.asset.id, page: i + 1, pages: pages.length }),
      s.footer.font,
    );
    const width = s.footer.font.widthOfTextAtSize(text, s.footer.size);
    page.drawText(text, {
      x: (A4[0] - width) / 2,
      y: FOOTER_BASELINE,
      size: s.footer.size,
      font: s.footer.font,
      color: rgb(...s.footer.color),
    });
  });
}

export async function buildCertificate(input: CertificateInput): Promise<Uint8Array> {
  const m = input.messages ?? certificateMessagesEn;
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const s = styles(fonts);
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
    media_sha256: input.media.map((x) => x.sha256),
    checkpoint: checkpoint
      ? {
          seq: checkpoint.seq,
          entry_hash: checkpoint.entry_hash,
          signature: checkpoint.signature,
          key_id: checkpoint.key_id,
        }
      : null,
    verify_url: input.verifyUrl,
    ...(input.log ? { bundle: input.log.bundle } : {}),
  };
  doc.setTitle(m.documentTitle({ appName: input.appName, assetTitle: asset.title })); // metadata is Unicode: no font limits
  doc.setLanguage(m.locale);
  doc.setAuthor(input.appName);
  doc.setSubject(CERTIFICATE_SUBJECT_PREFIX + JSON.stringify(proofJson));
  doc.setCreationDate(new Date(input.issuedAt));

  // A white quiet zone of two modules: scanners need it, and the panel behind the code is tinted.
  const qrPng = await QRCode.toBuffer(input.verifyUrl, {
    type: 'png',
    margin: 2,
    width: 300,
    errorCorrectionLevel: 'M',
  });
  const qr = await doc.embedPng(qrPng);
  const photo = input.photo?.thumbnail ? await doc.embedJpg(input.photo.thumbnail.jpeg) : null;
  const { descriptionClamped } = drawCertificatePage(doc.addPage(A4), s, m, input, qr, photo);
  const logQr = input.log
    ? await doc.embedPng(
        await QRCode.toBuffer(input.log.qrText, { type: 'png', margin: 2, width: 900, errorCorrectionLevel: 'L' }),
      )
    : null;
  const layout = ({ leading, rowGap, qrSize }: AppendixSpacing): AppendixLayout => ({
    s: leading === 1 ? s : styles(fonts, leading),
    rowGap,
    qrSize,
  });
  const normal: AppendixLayout = layout(APPENDIX_SPACING.normal);
  const flow = drawAppendix(doc, normal, m, input, descriptionClamped, logQr);
  if (flow.pages > 1 && flow.lastPageFill < SHORT_TAIL) {
    // A short tail: set the appendix again, compact, and keep that if it saves the page.
    const firstAppendixPage = doc.getPageCount() - flow.pages;
    const removeAppendix = () => {
      while (doc.getPageCount() > firstAppendixPage) doc.removePage(doc.getPageCount() - 1);
    };
    removeAppendix();
    if (drawAppendix(doc, layout(APPENDIX_SPACING.compact), m, input, descriptionClamped, logQr).pages >= flow.pages) {
      removeAppendix();
      drawAppendix(doc, normal, m, input, descriptionClamped, logQr);
    }
  }
  drawFooters(doc, s, m, input);
  // Plain (not compressed) objects keep the Subject readable by simple tools, e.g. the browser
  // check on the verify page.
  return doc.save({ useObjectStreams: false });
}
