import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { boldStroke, loadFont } from '../../platform/drawing/fonts.js';
import type { Primitive } from '../../platform/drawing/primitives.js';
import type { MonoRaster } from '../../platform/drawing/raster-types.js';

const FAMILY = 'Station Label';
let registered = false;

function registerFont(): void {
  if (registered) return;
  GlobalFonts.registerFromPath(loadFont().path, FAMILY);
  registered = true;
}

/** A box of the canvas, in dots. */
export interface DotBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Context = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/**
 * Draws the text runs on a white canvas of `width` x `height` dots; answers the boxes their ink may cover (each
 * text's measured ink, widened by its bold stroke and a dot of anti-aliasing either side, clipped to the canvas).
 */
export function drawText(
  prims: readonly Primitive[],
  width: number,
  height: number,
  dpi: number,
): { ctx: Context; inked: DotBox[] } {
  registerFont();
  const dpmm = dpi / 25.4;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#000';
  ctx.fontKerning = 'none';
  ctx.textBaseline = 'alphabetic';
  const dpPt = dpi / 72;
  const inked: DotBox[] = [];
  for (const p of prims) {
    if (p.kind !== 'text') continue;
    ctx.font = `${p.size * dpPt}px "${FAMILY}"`;
    const stroke = p.face === 'bold' ? boldStroke(p.size) * dpPt : 0;
    const x = p.x * dpmm + stroke / 2;
    const y = p.y * dpmm;
    // maxWidth only guards against a rounding drift in Skia; at the layout's width it never squeezes.
    const maxWidth = p.width * dpmm - stroke + 1;
    ctx.fillText(p.text, x, y, maxWidth);
    if (stroke) {
      ctx.lineWidth = stroke;
      ctx.strokeText(p.text, x, y, maxWidth);
    }
    const m = ctx.measureText(p.text);
    const pad = stroke + 2;
    const x0 = Math.max(0, Math.floor(x - m.actualBoundingBoxLeft - pad));
    const y0 = Math.max(0, Math.floor(y - m.actualBoundingBoxAscent - pad));
    const x1 = Math.min(width, Math.ceil(x + Math.max(m.actualBoundingBoxRight, maxWidth) + pad));
    const y1 = Math.min(height, Math.ceil(y + m.actualBoundingBoxDescent + pad));
    if (x1 > x0 && y1 > y0) inked.push({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  }
  return { ctx, inked };
}

/**
 * Sets the dots of `data` (1 bit a dot, `stride` bytes a row) that are dark in the canvas, reading only `boxes`.
 * Reading the whole canvas back (2 MB at 203 dpi) cost about half a label's drawing, more than drawing its text; the
 * text's boxes are under a fifth of it, and everywhere else the canvas is white.
 */
export function darkDots(ctx: Context, boxes: readonly DotBox[], data: Uint8Array, stride: number): void {
  for (const b of boxes) {
    const rgba = ctx.getImageData(b.x, b.y, b.w, b.h).data;
    for (let y = 0; y < b.h; y++) {
      const row = (b.y + y) * stride;
      for (let x = 0; x < b.w; x++) {
        // Text is black on white, so the green channel alone is the luminance.
        if (rgba[(y * b.w + x) * 4 + 1]! < 128) data[row + ((b.x + x) >> 3)]! |= 0x80 >> ((b.x + x) & 7);
      }
    }
  }
}

/**
 * The raster backend: the same primitives as the PDF, drawn at `dpi` into a 1-bit image for thermal printers.
 *
 * Why not render the PDF (pdfjs-dist or PDFium + a canvas)? That would add a large dependency and a PDF
 * interpreter to every print, and its anti-aliased barcode edges would have to be re-thresholded. Drawing the
 * primitives directly keeps one layout for both outputs: text goes through Skia (@napi-rs/canvas) with the same
 * TTF, kerning off so that advances are the layout's, bold stroked like the PDF's, and thresholded at 50%; barcode modules and rules are set
 * straight into the bitmap with every edge rounded to the nearest dot, so bars are solid black with sharp edges
 * and sit where the PDF puts them (test/labels compares the two with pdftoppm).
 */
export function renderRaster(prims: readonly Primitive[], widthMm: number, heightMm: number, dpi: number): MonoRaster {
  const dpmm = dpi / 25.4;
  const width = Math.round(widthMm * dpmm);
  const height = Math.round(heightMm * dpmm);
  const { ctx, inked } = drawText(prims, width, height, dpi);
  const stride = Math.ceil(width / 8);
  const data = new Uint8Array(stride * height);
  darkDots(ctx, inked, data, stride);

  const raster: MonoRaster = { width, height, stride, data, dpi };
  const fill = (x: number, y: number, w: number, h: number) =>
    fillDots(
      raster,
      Math.round(x * dpmm),
      Math.round(y * dpmm),
      Math.round((x + w) * dpmm),
      Math.round((y + h) * dpmm),
    );
  for (const p of prims) {
    if (p.kind === 'rect') fill(p.x, p.y, p.w, p.h);
    else if (p.kind === 'modules')
      for (let r = 0; r < p.rows; r++)
        for (let c = 0; c < p.cols; c++)
          if (p.bits[r * p.cols + c]) fill(p.x + c * p.module, p.y + r * p.moduleHeight, p.module, p.moduleHeight);
  }
  return raster;
}

/** Sets dots [x0, x1) x [y0, y1), clipped to the image. */
function fillDots(r: MonoRaster, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = Math.max(0, y0); y < Math.min(r.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(r.width, x1); x++) r.data[y * r.stride + (x >> 3)]! |= 0x80 >> (x & 7);
}
