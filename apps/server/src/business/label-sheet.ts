// Printable label sheets (issue 14): one PDF page per sheet of a common label stock, each label
// holding the unit's QR code (its label URL, label-url.ts) and its serial in text, so a label that
// will not scan can still be checked by typing the serial. Drawn with pdf-lib like the asset
// certificate, with the standard Helvetica font: nothing is fetched from the network.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { encodable } from '../assets/pdf-layout.js';
import { LABEL_LAYOUTS, MM, type LabelLayoutId } from './label-layouts.js';

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
