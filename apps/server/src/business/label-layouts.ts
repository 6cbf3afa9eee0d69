// The label stocks a sheet can be printed on (issue 14), apart from the PDF drawing (label-sheet.ts)
// so that validating a request does not load pdf-lib and qrcode: those load with the first sheet.
export const MM = 72 / 25.4;
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
