import { LABEL_HEIGHT_MM, LABEL_WIDTH_MM, type Primitive } from '../../platform/drawing/primitives.js';
import { PdfPainter, PT_PER_MM, type Matrix, type PagePainter } from '../../platform/drawing/pdf.js';
import type { LabelFormat } from '../../shared/schemas/codes.js';
import { TILES_PER_A4 } from './formats.js';

const A4 = { w: 210, h: 297 };
const TILE = { w: 105, h: 74.25 };

/**
 * Places laid-out labels on pages: `PDF_A7` one label per 74 x 105 mm page; `PDF_A4` 8 per A4 page in 2 columns
 * x 4 rows of 105 x 74.25 mm tiles, each label turned a quarter (its top at the tile's left) to fit the
 * landscape tile. `start` (A4 only) leaves the first start-1 tiles of the first sheet empty, for a sheet of
 * label stock that is already partly used.
 */
export async function labelsPdf(
  labels: Iterable<readonly Primitive[]>,
  format: LabelFormat,
  start = 1,
  title = 'Labels',
): Promise<Uint8Array> {
  const painter = await PdfPainter.create(title);
  if (format === 'PDF_A7') {
    for (const label of labels) {
      const page = painter.page(LABEL_WIDTH_MM, LABEL_HEIGHT_MM);
      page.draw(label, LABEL_HEIGHT_MM, [1, 0, 0, 1, 0, 0]);
      page.finish();
    }
  } else {
    let page: PagePainter | null = null;
    let tile = start - 1;
    for (const label of labels) {
      if (!page) page = painter.page(A4.w, A4.h);
      page.draw(label, LABEL_HEIGHT_MM, tileMatrix(tile));
      if (++tile === TILES_PER_A4) {
        page.finish();
        page = null;
        tile = 0;
      }
    }
    page?.finish();
  }
  return painter.save();
}

/** Rotates the portrait label a quarter turn anticlockwise into tile `i` (row-major from the top-left). */
export function tileMatrix(i: number): Matrix {
  const col = i % 2;
  const row = Math.floor(i / 2);
  const right = (col + 1) * TILE.w;
  const bottom = A4.h - (row + 1) * TILE.h + (TILE.h - LABEL_WIDTH_MM) / 2;
  return [0, 1, -1, 0, right * PT_PER_MM, bottom * PT_PER_MM];
}
