// Printable label sheets (issue 14): one PDF page per sheet of a common label stock, each label
// holding the unit's QR code (its label URL, label-url.ts) and its serial in text, so a label that
// will not scan can still be checked by typing the serial. Drawn with pdf-lib like the asset
// certificate, with the standard Helvetica font: nothing is fetched from the network.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { encodable } from '../assets/pdf-layout.js';

const MM = 72 / 25.4;
const INCH = 72;

export interface LabelLayout {
  id: string;
  /** What the sheet is sold as, for the PDF's title. */
  name: string;
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  /** Distance from the page's top-left corner to the first label's. */
  marginTop: number;
  marginLeft: number;
  /** Distance from one label's left (top) edge to the next one's. */
  pitchX: number;
  pitchY: number;
}

/** The manufacturers' published dimensions of each stock. */
export const LABEL_LAYOUTS: Record<'avery-l7160' | 'avery-5160', LabelLayout> = {
  // A4, 21 labels of 63.5 × 38.1 mm.
  'avery-l7160': {
    id: 'avery-l7160',
    name: 'Avery L7160 (A4, 3 × 7)',
    pageWidth: 210 * MM,
    pageHeight: 297 * MM,
    columns: 3,
    rows: 7,
    labelWidth: 63.5 * MM,
    labelHeight: 38.1 * MM,
    marginTop: 15.15 * MM,
    marginLeft: 7.25 * MM,
    pitchX: 66.04 * MM,
    pitchY: 38.1 * MM,
  },
  // US Letter, 30 labels of 2⅝ × 1 in.
  'avery-5160': {
    id: 'avery-5160',
    name: 'Avery 5160 (US Letter, 3 × 10)',
    pageWidth: 8.5 * INCH,
    pageHeight: 11 * INCH,
    columns: 3,
    rows: 10,
    labelWidth: 2.625 * INCH,
    labelHeight: 1 * INCH,
    marginTop: 0.5 * INCH,
    marginLeft: 0.1875 * INCH,
    pitchX: 2.75 * INCH,
    pitchY: 1 * INCH,
  },
};

export type LabelLayoutId = keyof typeof LABEL_LAYOUTS;

export interface SheetLabel {
  url: string;
  serial: string;
  productName: string;
}

/** Inner padding of a label: printers rarely hit a die-cut label to the millimetre. */
const PAD = 2.5 * MM;

export async function renderLabelSheet(layoutId: LabelLayoutId, labels: SheetLabel[]): Promise<Uint8Array> {
  const layout = LABEL_LAYOUTS[layoutId];
  const doc = await PDFDocument.create();
  doc.setTitle(`TagLedger labels — ${layout.name}`);
  doc.setCreator('TagLedger');
  doc.setProducer('TagLedger');
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const perPage = layout.columns * layout.rows;
  const qrSize = layout.labelHeight - 2 * PAD;
  const textLeft = PAD + qrSize + PAD;
  const textWidth = layout.labelWidth - textLeft - PAD;

  for (let start = 0; start < labels.length; start += perPage) {
    const page = doc.addPage([layout.pageWidth, layout.pageHeight]);
    const onPage = labels.slice(start, start + perPage);
    for (const [i, label] of onPage.entries()) {
      const col = i % layout.columns;
      const row = Math.floor(i / layout.columns);
      const x = layout.marginLeft + col * layout.pitchX;
      const top = layout.pageHeight - layout.marginTop - row * layout.pitchY;
      // A PNG of whole modules (scale 4) keeps the modules square when the viewer scales the image.
      const png = await QRCode.toBuffer(label.url, { errorCorrectionLevel: 'M', margin: 2, scale: 4, type: 'png' });
      const image = await doc.embedPng(png);
      page.drawImage(image, { x: x + PAD, y: top - PAD - qrSize, width: qrSize, height: qrSize });
      drawFitted(page, encodable(label.serial, bold), bold, 10, textWidth, x + textLeft, top - PAD - 10);
      drawFitted(page, encodable(label.productName, regular), regular, 7, textWidth, x + textLeft, top - PAD - 22);
    }
  }
  return doc.save();
}

/** Draws one line, shrinking the font (down to 5 pt) and then cutting the text until it fits. */
function drawFitted(
  page: import('pdf-lib').PDFPage,
  text: string,
  font: import('pdf-lib').PDFFont,
  size: number,
  width: number,
  x: number,
  y: number,
): void {
  let s = size;
  while (s > 5 && font.widthOfTextAtSize(text, s) > width) s -= 0.5;
  let t = text;
  while (t.length > 1 && font.widthOfTextAtSize(t, s) > width) t = t.slice(0, -2) + '…';
  page.drawText(t, { x, y, size: s, font, color: rgb(0.1, 0.1, 0.1) });
}
