import bwipjs from 'bwip-js';
import { encode as encodeQr } from 'uqr';

/** A barcode's module matrix, row-major, 1 = black; quiet zones are not included. */
export interface Modules {
  cols: number;
  rows: number;
  bits: Uint8Array;
}

/**
 * Code 128 bars of `text`. bwip-js (a port of BWIPP, the reference barcode writer) does the encoding: code set
 * choice, check character, stop pattern. `raw` gives the space/bar widths, which become one row of modules.
 */
export function code128(text: string): Modules {
  const [sym] = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs: number[] }>;
  const widths = sym!.sbs;
  const cols = widths.reduce((a, b) => a + b, 0);
  const bits = new Uint8Array(cols);
  let x = 0;
  widths.forEach((w, i) => {
    // sbs alternates bar, space, bar … starting with a bar.
    if (i % 2 === 0) bits.fill(1, x, x + w);
    x += w;
  });
  return { cols, rows: 1, bits };
}

/**
 * QR modules of `text`, error correction M (survives a scuffed label, still small on a 74 mm label).
 *
 * Not bwip-js here: its QR encoder takes 11–23 ms a symbol, which alone breaks the 10 ms label and the 2 s
 * 500-label sheet. uqr (a port of Nayuki's reference QR generator) encodes in ~0.4 ms with a fixed mask, or ~4 ms
 * when it scores all eight masks. Every mask is valid per ISO/IEC 18004; scoring only avoids unlucky patterns, and
 * the token is mostly signature bytes (random-looking), so any mask scores about the same. Tests decode the result.
 */
export function qrCode(text: string): Modules {
  const qr = encodeQr(text, { ecc: 'M', border: 0, maskPattern: QR_MASK });
  const n = qr.size;
  const bits = new Uint8Array(n * n);
  for (let y = 0; y < n; y++) {
    const row = qr.data[y]!;
    for (let x = 0; x < n; x++) if (row[x]) bits[y * n + x] = 1;
  }
  return { cols: n, rows: n, bits };
}

const QR_MASK = 2;
