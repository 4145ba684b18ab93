import { code128 } from '../../platform/drawing/barcodes.js';
import type { ModuleGrid, Primitive } from '../../platform/drawing/primitives.js';
import { fitText, type Box, type FitOptions } from '../../platform/drawing/text-fit.js';
import { PRINTED_WORDS, type PrintLanguage, type PrintedWords } from '../../platform/drawing/words.js';

export interface ManifestLine {
  code: string;
  receiver: string;
  city: string;
  weightKg: number;
  /** "1" for a shipment, "n/N" for a package of a multi-origin shipment. */
  piece: string;
}

export interface ManifestHeader {
  id: number;
  createdAt: string;
  shipments: number;
  pieces: number;
  weightKg: number;
  /** The language of its captions (default English). */
  language?: PrintLanguage;
}

export const A4_W = 210;
export const A4_H = 297;
const M = 12;
const ROW_H = 12;
const TABLE_TOP = 40;
const BODY_BOTTOM = A4_H - M;
const CLOSING_H = 62;
const ROWS_PER_PAGE = Math.floor((BODY_BOTTOM - TABLE_TOP - 5) / ROW_H);

const COLS = {
  n: { x: M, w: 9 },
  code: { x: M + 10, w: 52 },
  receiver: { x: M + 65, w: 56 },
  city: { x: M + 124, w: 38 },
  weight: { x: M + 164, w: 14 },
  pieces: { x: M + 179, w: 7 },
};

/**
 * The collection manifest the carrier's driver signs: A4 pages listing each handed-over parcel (code as a
 * Code 128 and in text, receiver, city, weight, piece), the totals and signature lines. Same primitives and
 * PDF backend as the labels.
 */
export function manifestPages(h: ManifestHeader, lines: ManifestLine[]): Primitive[][] {
  const chunks: ManifestLine[][] = [];
  for (let i = 0; i < lines.length; i += ROWS_PER_PAGE) chunks.push(lines.slice(i, i + ROWS_PER_PAGE));
  const lastRows = chunks.at(-1)?.length ?? 0;
  // The closing block (totals, signatures) goes under the last rows, or on a page of its own when they fill it.
  const closingOnOwnPage = TABLE_TOP + 5 + lastRows * ROW_H + CLOSING_H > BODY_BOTTOM;
  const total = chunks.length + (closingOnOwnPage ? 1 : 0);
  const w = PRINTED_WORDS[h.language ?? 'en'];
  const pages = chunks.map((rows, p) => {
    const out = header(h, w, p + 1, total);
    tableHead(out, w);
    rows.forEach((line, i) => row(out, w, line, p * ROWS_PER_PAGE + i + 1, TABLE_TOP + 5 + i * ROW_H));
    return out;
  });
  if (closingOnOwnPage) pages.push(header(h, w, total, total));
  closing(pages.at(-1)!, h, w, closingOnOwnPage ? TABLE_TOP : TABLE_TOP + 5 + lastRows * ROW_H + 4);
  return pages;
}

const text = (out: Primitive[], s: string, box: Box, o: FitOptions) => out.push(...fitText(s, box, o));
const rule = (out: Primitive[], x: number, y: number, w: number, h = 0.2) => out.push({ kind: 'rect', x, y, w, h });
const small = (face: 'regular' | 'bold', align: FitOptions['align'] = 'left'): FitOptions => ({
  face,
  maxSize: 8,
  minSize: 6,
  maxLines: 2,
  align,
});

function header(h: ManifestHeader, w: PrintedWords, page: number, pages: number): Primitive[] {
  const out: Primitive[] = [];
  text(
    out,
    w.manifest.title(h.id),
    { x: M, y: M, w: 140, h: 8 },
    { face: 'bold', maxSize: 16, minSize: 10, maxLines: 1 },
  );
  text(
    out,
    w.manifest.page(page, pages),
    { x: A4_W - M - 40, y: M + 1, w: 40, h: 5 },
    { face: 'regular', maxSize: 9, minSize: 7, maxLines: 1, align: 'right' },
  );
  text(
    out,
    `${w.manifest.created} ${h.createdAt}`,
    { x: M, y: M + 9, w: 180, h: 4.5 },
    { face: 'regular', maxSize: 9, minSize: 7, maxLines: 1 },
  );
  text(
    out,
    w.manifest.totals(h.shipments, h.pieces, w.kg(h.weightKg)),
    { x: M, y: M + 14, w: 180, h: 4.5 },
    {
      face: 'bold',
      maxSize: 9,
      minSize: 7,
      maxLines: 1,
    },
  );
  rule(out, M, TABLE_TOP - 3, A4_W - 2 * M, 0.4);
  return out;
}

function tableHead(out: Primitive[], w: PrintedWords): void {
  const head = (s: string, c: { x: number; w: number }, align: FitOptions['align'] = 'left') =>
    text(
      out,
      s,
      { x: c.x, y: TABLE_TOP, w: c.w, h: 3.5 },
      { face: 'bold', maxSize: 7.5, minSize: 6, maxLines: 1, align },
    );
  head('#', COLS.n);
  head(w.manifest.code, COLS.code);
  head(w.manifest.receiver, COLS.receiver);
  head(w.manifest.city, COLS.city);
  head('kg', COLS.weight, 'right');
  head(w.manifest.pieces, COLS.pieces, 'right');
  rule(out, M, TABLE_TOP + 4, A4_W - 2 * M, 0.3);
}

function row(out: Primitive[], w: PrintedWords, l: ManifestLine, n: number, y: number): void {
  text(out, String(n), { x: COLS.n.x, y: y + 1, w: COLS.n.w, h: 3.5 }, small('regular'));
  const bars = code128(l.code);
  const module = Math.min(0.25, COLS.code.w / (bars.cols + 20));
  const grid: ModuleGrid = {
    kind: 'modules',
    x: COLS.code.x + 10 * module,
    y: y + 0.8,
    cols: bars.cols,
    rows: 1,
    module,
    moduleHeight: 6.5,
    bits: bars.bits,
  };
  out.push(grid);
  text(
    out,
    l.code,
    { x: grid.x, y: y + 7.6, w: COLS.code.w - (grid.x - COLS.code.x), h: 3.4 },
    { face: 'bold', maxSize: 7.5, minSize: 6, maxLines: 1 },
  );
  text(out, l.receiver, { x: COLS.receiver.x, y: y + 1, w: COLS.receiver.w, h: 7 }, small('bold'));
  text(out, l.city, { x: COLS.city.x, y: y + 1, w: COLS.city.w, h: 7 }, small('regular'));
  text(out, w.kg(l.weightKg), { x: COLS.weight.x, y: y + 1, w: COLS.weight.w, h: 3.5 }, small('regular', 'right'));
  text(out, l.piece, { x: COLS.pieces.x, y: y + 1, w: COLS.pieces.w, h: 3.5 }, small('regular', 'right'));
  rule(out, M, y + ROW_H - 0.6, A4_W - 2 * M, 0.15);
}

function closing(out: Primitive[], h: ManifestHeader, w: PrintedWords, y: number): void {
  text(
    out,
    `Total: ${w.manifest.totals(h.shipments, h.pieces, w.kg(h.weightKg))}`,
    { x: M, y, w: 186, h: 5 },
    {
      face: 'bold',
      maxSize: 10,
      minSize: 8,
      maxLines: 1,
    },
  );
  const sign = (label: string, x: number) => {
    text(out, label, { x, y: y + 10, w: 85, h: 4 }, { face: 'bold', maxSize: 8, minSize: 7, maxLines: 1 });
    for (const [i, field] of [w.manifest.name, w.manifest.signature, w.manifest.dateTime].entries()) {
      text(
        out,
        field,
        { x, y: y + 18 + i * 12, w: 30, h: 3.5 },
        { face: 'regular', maxSize: 7, minSize: 6, maxLines: 1 },
      );
      rule(out, x + 24, y + 21 + i * 12, 60);
    }
  };
  sign(w.manifest.handedOver, M);
  sign(w.manifest.collected, M + 96);
}
