import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { boldStroke, cachedFontkit, loadFont } from './fonts.js';
import type { ModuleGrid, Primitive } from './primitives.js';

export const PT_PER_MM = 72 / 25.4;

/** Affine matrix [a b c d e f] in points, as the PDF `cm` operator takes it. */
export type Matrix = [number, number, number, number, number, number];

/**
 * The PDF backend: draws primitives with pdf-lib (document structure, font subsetting and embedding) but writes
 * each page's content stream itself. pdf-lib's drawing helpers build several objects per operator, and a
 * 500-label sheet has ~400 000 rectangles of QR modules; a string of operators deflated by Node's zlib is an
 * order of magnitude faster and gives the same PDF operators.
 */
export class PdfPainter {
  private constructor(
    readonly doc: PDFDocument,
    private readonly font: PDFFont,
  ) {}

  static async create(title: string): Promise<PdfPainter> {
    const doc = await PDFDocument.create();
    nativeDeflate(doc);
    doc.registerFontkit(cachedFontkit);
    doc.setTitle(title);
    doc.setCreator('Shipping Station');
    return new PdfPainter(doc, await doc.embedFont(loadFont().bytes, { subset: true }));
  }

  /** A new page of `widthMm` x `heightMm`; draw on it with `draw`, then `finish` it. */
  page(widthMm: number, heightMm: number): PagePainter {
    return new PagePainter(this.doc.addPage([widthMm * PT_PER_MM, heightMm * PT_PER_MM]), this.font);
  }

  save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false });
  }
}

export class PagePainter {
  private readonly ops: string[] = [];
  private readonly fontName: string;

  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont,
  ) {
    this.fontName = page.node.newFontDictionary('S', font.ref).toString();
  }

  /**
   * Draws `prims` laid out on a box `boxHeightMm` tall (y down, mm) through `matrix`, which maps the box's
   * bottom-left corner, in points with y up, onto the page (translation, rotation for A4 tiles).
   */
  draw(prims: readonly Primitive[], boxHeightMm: number, matrix: Matrix): void {
    const ops = this.ops;
    ops.push(`q ${matrix.map(fine).join(' ')} cm`);
    const rects: string[] = [];
    const rectMm = (x: number, y: number, w: number, h: number) =>
      rects.push(
        `${num(x * PT_PER_MM)} ${num((boxHeightMm - y - h) * PT_PER_MM)} ${num(w * PT_PER_MM)} ${num(h * PT_PER_MM)} re`,
      );
    for (const p of prims) {
      if (p.kind === 'rect') rectMm(p.x, p.y, p.w, p.h);
      else if (p.kind === 'modules') {
        // In module units through a matrix, so that each rectangle is four small integers: a QR is ~600 of them.
        const m = [
          p.module * PT_PER_MM,
          0,
          0,
          -p.moduleHeight * PT_PER_MM,
          p.x * PT_PER_MM,
          (boxHeightMm - p.y) * PT_PER_MM,
        ];
        ops.push(`q ${m.map(fine).join(' ')} cm`, `${gridPath(p)}f Q`);
      } else {
        const hex = this.font.encodeText(p.text).toString();
        // Bold: fill and stroke the outlines (render mode 2); the layout measured the stroke in.
        const style = p.face === 'bold' ? `2 Tr ${num(boldStroke(p.size))} w` : '0 Tr';
        const x = num(p.x * PT_PER_MM + (p.face === 'bold' ? boldStroke(p.size) / 2 : 0));
        ops.push(
          `BT ${this.fontName} ${num(p.size)} Tf ${style} ${x} ${num((boxHeightMm - p.y) * PT_PER_MM)} Td ${hex} Tj ET`,
        );
      }
    }
    if (rects.length) ops.push(rects.join('\n'), 'f');
    ops.push('Q');
  }

  finish(): void {
    const ctx = this.page.doc.context;
    this.page.node.addContentStream(ctx.register(ctx.flateStream(this.ops.join('\n'))));
  }
}

/**
 * pdf-lib deflates embedded fonts and their ToUnicode maps with pako, pure JavaScript: about half the time of a
 * one-label document. This document's `flateStream` does the same (a FlateDecode stream) with Node's native zlib.
 */
function nativeDeflate(doc: PDFDocument): void {
  const ctx = doc.context;
  ctx.flateStream = (contents, dict = {}) =>
    ctx.stream(
      deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents, { level: DEFLATE_LEVEL }),
      {
        ...dict,
        Filter: 'FlateDecode',
      },
    );
}

/** Fast deflate: label content (numbers, glyph ids) compresses nearly as well as at the default level 6. */
const DEFLATE_LEVEL = 3;

/**
 * The black modules of a grid as a PDF path of rectangles in module units (`col row width height re`): the
 * horizontal runs of each row, and a run that repeats the previous row's run exactly grows that rectangle
 * downwards instead of starting a new one. A QR is ~600 rectangles, so this works on typed arrays and writes the
 * path's ASCII straight into one buffer: strings per rectangle made it a third of a one-label PDF's garbage and
 * ~0.3 ms of its time.
 */
export function gridPath(g: ModuleGrid): string {
  const { cols, rows, bits } = g;
  // [col, row, width, height] per rectangle; a row has at most (cols + 1) / 2 runs.
  const rects = new Int32Array(4 * rows * Math.ceil(cols / 2));
  let n = 0;
  // Per start column: the rectangle ending in the previous row, and the one ending in this row.
  let above = new Int32Array(cols).fill(-1);
  let here = new Int32Array(cols);
  for (let row = 0; row < rows; row++) {
    here.fill(-1);
    const base = row * cols;
    for (let c = 0; c < cols;) {
      if (bits[base + c] !== 1) {
        c++;
        continue;
      }
      const start = c;
      while (c < cols && bits[base + c] === 1) c++;
      let r = above[start]!;
      if (r >= 0 && rects[4 * r + 2] === c - start) rects[4 * r + 3]!++;
      else {
        r = n++;
        rects[4 * r] = start;
        rects[4 * r + 1] = row;
        rects[4 * r + 2] = c - start;
        rects[4 * r + 3] = 1;
      }
      here[start] = r;
    }
    const done = above;
    above = here;
    here = done;
  }
  const digits = String(Math.max(cols, rows)).length;
  const out = Buffer.allocUnsafe(n * (4 * (digits + 1) + 3));
  let at = 0;
  for (let i = 0; i < 4 * n; i++) {
    at = writeInt(out, at, rects[i]!);
    out[at++] = SPACE;
    if (i % 4 === 3) {
      out[at++] = R;
      out[at++] = E;
      out[at++] = NEWLINE;
    }
  }
  return out.toString('latin1', 0, at);
}

const [SPACE, ZERO, R, E, NEWLINE] = [0x20, 0x30, 0x72, 0x65, 0x0a];

/** Writes the whole number `v` (≥ 0) in decimal at `at`; returns where it ends. */
function writeInt(buf: Uint8Array, at: number, v: number): number {
  let end = at + 1;
  for (let p = 10; p <= v; p *= 10) end++;
  for (let i = end - 1; i >= at; i--, v = Math.floor(v / 10)) buf[i] = ZERO + (v % 10);
  return end;
}

/** A number as PDF content writes it: at most 3 decimals (1/1000 pt), no exponent. */
function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Matrix entries get 5 decimals: a module size is multiplied by up to ~180 modules across a barcode. */
function fine(n: number): string {
  return String(Math.round(n * 100_000) / 100_000);
}

/** A document of full pages, each drawn from its own primitives (the manifest). */
export async function pagesPdf(
  pages: Iterable<readonly Primitive[]>,
  widthMm: number,
  heightMm: number,
  title: string,
): Promise<Uint8Array> {
  const painter = await PdfPainter.create(title);
  for (const prims of pages) {
    const page = painter.page(widthMm, heightMm);
    page.draw(prims, heightMm, [1, 0, 0, 1, 0, 0]);
    page.finish();
  }
  return painter.save();
}
