import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { boldStroke, loadFont } from '../drawing/fonts.js';
import type { Primitive } from '../drawing/primitives.js';
import type { MonoRaster } from '../drawing/raster-types.js';

const FAMILY = 'Station Label';
let registered = false;

function registerFont(): void {
  if (registered) return;
  GlobalFonts.registerFromPath(loadFont().path, FAMILY);
  registered = true;
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
  registerFont();
  const dpmm = dpi / 25.4;
  const width = Math.round(widthMm * dpmm);
  const height = Math.round(heightMm * dpmm);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#000';
  ctx.fontKerning = 'none';
  ctx.textBaseline = 'alphabetic';
  const dpPt = dpi / 72;
  for (const p of prims) {
    if (p.kind !== 'text') continue;
    ctx.font = `${p.size * dpPt}px "${FAMILY}"`;
    const stroke = p.face === 'bold' ? boldStroke(p.size) * dpPt : 0;
    const x = p.x * dpmm + stroke / 2;
    // maxWidth only guards against a rounding drift in Skia; at the layout's width it never squeezes.
    const maxWidth = p.width * dpmm - stroke + 1;
    ctx.fillText(p.text, x, p.y * dpmm, maxWidth);
    if (stroke) {
      ctx.lineWidth = stroke;
      ctx.strokeText(p.text, x, p.y * dpmm, maxWidth);
    }
  }

  const stride = Math.ceil(width / 8);
  const data = new Uint8Array(stride * height);
  // The canvas's own pixels, not getImageData's copy: filled white first, every pixel is opaque, so they are the same
  // bytes (premultiplied alpha changes nothing), and reading them costs about half as much on a label's path.
  const rgba = canvas.data();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // Text is black on white, so the green channel alone is the luminance.
      if (rgba[i + 1]! < 128) data[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }

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
