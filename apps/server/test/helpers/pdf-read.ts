// Reads a generated PDF the way a viewer would, for assertions about what a person sees: the text
// of each page with positions (pdf.js), and the images each page draws (pdf-lib, from the page's
// resources).
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js measures the 14 standard fonts from data files it ships; in Node it reads them from disk.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface TextRun {
  text: string;
  /** Baseline origin, in PDF points from the bottom left. */
  x: number;
  y: number;
  width: number;
  /** The font size the run is drawn at. */
  size: number;
}

export interface PageText {
  runs: TextRun[];
  /** All runs joined with spaces, in content order. */
  text: string;
}

export async function readPdfText(bytes: Uint8Array): Promise<PageText[]> {
  const doc = await getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const runs: TextRun[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [a, b, , , e, f] = item.transform as number[];
      runs.push({ text: item.str, x: e!, y: f!, width: item.width, size: Math.hypot(a!, b!) });
    }
    pages.push({ runs, text: runs.map((r) => r.text).join(' ') });
  }
  await doc.destroy();
  return pages;
}

/** The vertical extent a run's glyphs can occupy (ascenders and accents to descenders). */
export function glyphBox(run: TextRun): { bottom: number; top: number; left: number; right: number } {
  return { bottom: run.y - 0.25 * run.size, top: run.y + 0.95 * run.size, left: run.x, right: run.x + run.width };
}

export function boxesOverlap(a: TextRun, b: TextRun): boolean {
  const p = glyphBox(a);
  const q = glyphBox(b);
  return p.left < q.right && q.left < p.right && p.bottom < q.top && q.bottom < p.top;
}

export interface PageImage {
  /** e.g. DCTDecode for JPEG, FlateDecode for PNG. */
  filter: string;
  width: number;
  height: number;
  bytes: number;
}

/** The images in each page's resources. */
export async function readPdfImages(bytes: Uint8Array): Promise<PageImage[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xobjects) return [];
    const images: PageImage[] = [];
    for (const [, ref] of xobjects.entries()) {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const dict = stream.dict;
      if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      const filter = dict.get(PDFName.of('Filter'));
      images.push({
        filter: filter instanceof PDFName ? filter.decodeText() : String(filter ?? ''),
        width: dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
        height: dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
        bytes: stream.contents.length,
      });
    }
    return images;
  });
}
