import { describe, expect, it } from 'vitest';
import { code128, qrCode } from '../../core/platform/drawing/barcodes.js';
import { gridPath } from '../../core/platform/drawing/pdf.js';
import type { ModuleGrid } from '../../core/platform/drawing/primitives.js';

const grid = (cols: number, rows: number, bits: Uint8Array): ModuleGrid => ({
  kind: 'modules',
  x: 0,
  y: 0,
  module: 1,
  moduleHeight: 1,
  cols,
  rows,
  bits,
});

/** Paints the `re` rectangles of a path onto a grid, counting how often each module is covered. */
function paint(path: string, cols: number, rows: number): Uint8Array {
  const cover = new Uint8Array(cols * rows);
  for (const line of path.split('\n').filter(Boolean)) {
    const m = /^(\d+) (\d+) (\d+) (\d+) re$/.exec(line);
    expect(m, line).not.toBeNull();
    const [c, r, w, h] = m!.slice(1).map(Number) as [number, number, number, number];
    for (let y = r; y < r + h; y++) for (let x = c; x < c + w; x++) cover[y * cols + x]!++;
  }
  return cover;
}

describe('barcode modules as a PDF path (gridPath)', () => {
  it('covers exactly the black modules, each once, for a QR, a Code 128 and random grids', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const grids = [
      { ...qrCode('eyJhbGciOiJFZERTQSJ9.' + 'x'.repeat(150)) },
      { ...code128('SS1234567890') },
      ...Array.from({ length: 20 }, (_, i) => {
        const cols = 1 + Math.floor(random() * (i < 10 ? 12 : 400));
        const rows = 1 + Math.floor(random() * 12);
        return { cols, rows, bits: Uint8Array.from({ length: cols * rows }, () => (random() < 0.5 ? 1 : 0)) };
      }),
    ];
    for (const g of grids) {
      const cover = paint(gridPath(grid(g.cols, g.rows, g.bits)), g.cols, g.rows);
      expect(Buffer.from(cover).equals(Buffer.from(g.bits)), `${g.cols} x ${g.rows}`).toBe(true);
    }
  });

  it('merges a run repeated in the next rows into one rectangle, and draws nothing for an empty grid', () => {
    // A 2 x 2 block and a 1 x 2 bar; below them runs of other lengths start new rectangles.
    const bits = Uint8Array.from([1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0]);
    expect(gridPath(grid(4, 4, bits))).toBe('0 0 2 2 re\n3 0 1 2 re\n0 2 1 1 re\n0 3 3 1 re\n');
    expect(gridPath(grid(5, 2, new Uint8Array(10)))).toBe('');
  });
});
