// Measured text boxes for pdf-lib pages. pdf-lib draws text at a baseline and knows nothing of
// line boxes; placing lines by "font size + a few points" is how a large title came to overlap
// the line above it. Here every block of text is laid out from its TOP edge with the font's real
// ascent and descent, so a block occupies exactly [top - height, top] and the next block starts
// below it.
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type Rgb = readonly [number, number, number];

export interface TextStyle {
  font: PDFFont;
  size: number;
  color: Rgb;
  /** Line box height as a multiple of the size. */
  lineHeight?: number;
}

const DEFAULT_LINE_HEIGHT = 1.3;

/** Height of one line box. */
export function lineBox(style: TextStyle): number {
  return style.size * (style.lineHeight ?? DEFAULT_LINE_HEIGHT);
}

// The standard PDF fonts encode only their character set (WinAnsi); anything else would make
// drawText throw, so user text is reduced to what the font can show.
const charsets = new WeakMap<PDFFont, Set<number>>();
export function encodable(text: string, font: PDFFont): string {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  let out = '';
  // Line breaks become spaces; the thin and narrow spaces some locales put in numbers become the
  // no-break space the fonts have.
  const normalised = text.replace(/[\r\n\t]+/g, ' ').replace(/[\u2007\u2009\u202f]/g, '\u00a0');
  for (const ch of normalised) out += set.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

/** Splits text into lines no wider than maxWidth: by words, and by characters for long tokens (hashes). */
export function wrapText(text: string, style: Pick<TextStyle, 'font' | 'size'>, maxWidth: number): string[] {
  const { font, size } = style;
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= maxWidth;
  const lines: string[] = [];
  let current = '';
  for (const word of encodable(text, font).split(/(\s+)/)) {
    if (fits(current + word)) {
      current += word;
      continue;
    }
    if (current.trim()) lines.push(current.trimEnd());
    current = word.trimStart();
    while (!fits(current)) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current.trim()) lines.push(current.trimEnd());
  return lines;
}

/** At most maxLines lines; the last kept line ends in an ellipsis when text was cut. */
export function clampLines(
  lines: string[],
  maxLines: number,
  style: Pick<TextStyle, 'font' | 'size'>,
  maxWidth: number,
): { lines: string[]; clamped: boolean } {
  if (lines.length <= maxLines) return { lines, clamped: false };
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 0 && style.font.widthOfTextAtSize(`${last}…`, style.size) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return { lines: kept, clamped: true };
}

export function blockHeight(lines: readonly string[], style: TextStyle): number {
  return lines.length * lineBox(style);
}

/**
 * Draws lines in boxes stacked down from `top`; the glyphs (ascent to descent) sit centred in each
 * box. Returns the bottom of the last box. `align: 'right'` aligns each line's end to x + width.
 */
export function drawLines(
  page: PDFPage,
  lines: readonly string[],
  style: TextStyle,
  at: { x: number; top: number; width?: number; align?: 'left' | 'right' | 'center' },
): number {
  const box = lineBox(style);
  const ascent = style.font.heightAtSize(style.size, { descender: false });
  const glyphs = style.font.heightAtSize(style.size);
  let top = at.top;
  for (const line of lines) {
    const baseline = top - (box - glyphs) / 2 - ascent;
    const w = style.font.widthOfTextAtSize(line, style.size);
    let x = at.x;
    if (at.align === 'right' && at.width !== undefined) x = at.x + at.width - w;
    if (at.align === 'center' && at.width !== undefined) x = at.x + (at.width - w) / 2;
    page.drawText(line, { x, y: baseline, size: style.size, font: style.font, color: rgb(...style.color) });
    top -= box;
  }
  return top;
}

/** Wraps and draws a paragraph; returns the bottom of its last line box. */
export function drawParagraph(
  page: PDFPage,
  text: string,
  style: TextStyle,
  at: { x: number; top: number; width: number },
): number {
  return drawLines(page, wrapText(text, style, at.width), style, at);
}
