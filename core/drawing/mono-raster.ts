import { PNG } from 'pngjs';
import type { MonoRaster } from './raster-types.js';

/** One-bit images as printers take them: rows of `stride` bytes, most significant bit leftmost, 1 = black. */
export function blankRaster(width: number, height: number, dpi: number): MonoRaster {
  const stride = Math.ceil(width / 8);
  return { width, height, stride, data: new Uint8Array(stride * height), dpi };
}

export function isBlack(r: MonoRaster, x: number, y: number): boolean {
  return ((r.data[y * r.stride + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
}

function setBlack(r: MonoRaster, x: number, y: number): void {
  const i = y * r.stride + (x >> 3);
  r.data[i] = r.data[i]! | (0x80 >> (x & 7));
}

/** Thresholds an RGBA image (e.g. a decoded PNG) at mid-grey; transparent pixels are paper. */
export function rasterFromRgba(width: number, height: number, rgba: Uint8Array, dpi: number): MonoRaster {
  const r = blankRaster(width, height, dpi);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const luma = 0.2126 * rgba[p]! + 0.7152 * rgba[p + 1]! + 0.0722 * rgba[p + 2]!;
      if (rgba[p + 3]! > 127 && luma < 128) setBlack(r, x, y);
    }
  return r;
}

export function rasterFromPng(png: Uint8Array, dpi: number): MonoRaster {
  const img = PNG.sync.read(Buffer.from(png));
  return rasterFromRgba(img.width, img.height, img.data, dpi);
}

export function rasterToPng(r: MonoRaster): Buffer {
  const png = new PNG({ width: r.width, height: r.height, colorType: 0, inputColorType: 0, bitDepth: 8 });
  const grey = Buffer.alloc(r.width * r.height);
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++) grey[y * r.width + x] = isBlack(r, x, y) ? 0 : 255;
  return PNG.sync.write(Object.assign(png, { data: grey }), { colorType: 0, inputColorType: 0, bitDepth: 8 });
}

/** Copies `src` into `dst` with its top-left corner at (x, y); what falls outside is clipped. */
export function blit(dst: MonoRaster, src: MonoRaster, x0: number, y0: number): void {
  for (let y = 0; y < src.height; y++) {
    const dy = y + y0;
    if (dy < 0 || dy >= dst.height) continue;
    for (let x = 0; x < src.width; x++) {
      const dx = x + x0;
      if (dx >= 0 && dx < dst.width && isBlack(src, x, y)) setBlack(dst, dx, dy);
    }
  }
}

function columnBlank(r: MonoRaster, x: number): boolean {
  for (let y = 0; y < r.height; y++) if (isBlack(r, x, y)) return false;
  return true;
}

/**
 * Makes a raster fit a print head of `maxDots`: an A7 label at 203 dpi (591 dots) is wider than an 80 mm
 * receipt head (576 dots). Blank margins are cut first, evenly, because that keeps barcodes dot-exact; only a
 * label whose ink itself is too wide is scaled down (nearest neighbour).
 */
export function fitWidth(r: MonoRaster, maxDots: number): MonoRaster {
  if (r.width <= maxDots) return r;
  let left = 0;
  let right = r.width - 1;
  while (left < right && columnBlank(r, left)) left++;
  while (right > left && columnBlank(r, right)) right--;
  const ink = right - left + 1;
  if (ink <= maxDots)
    return crop(r, Math.max(0, Math.min(left - Math.floor((maxDots - ink) / 2), r.width - maxDots)), maxDots);
  const scale = maxDots / r.width;
  const height = Math.round(r.height * scale);
  const out = blankRaster(maxDots, height, r.dpi);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < maxDots; x++) if (isBlack(r, Math.floor(x / scale), Math.floor(y / scale))) setBlack(out, x, y);
  return out;
}

/** Columns [start, start + width) of every row, shifted a byte at a time (this is on every label's path). */
function crop(r: MonoRaster, start: number, width: number): MonoRaster {
  const out = blankRaster(width, r.height, r.dpi);
  const skip = start >> 3;
  const shift = start & 7;
  for (let y = 0; y < r.height; y++) {
    const src = y * r.stride + skip;
    const dst = y * out.stride;
    for (let j = 0; j < out.stride; j++) {
      const hi = r.data[src + j] ?? 0;
      const lo = src + j + 1 < (y + 1) * r.stride ? r.data[src + j + 1]! : 0;
      out.data[dst + j] = ((hi << shift) | (lo >> (8 - shift))) & 0xff;
    }
    // Bits past `width` in the last byte must be paper.
    if (width & 7) out.data[dst + out.stride - 1]! &= (0xff << (8 - (width & 7))) & 0xff;
  }
  return out;
}

/** Rows of the raster as they travel to most printers: `stride` bytes each, 1 = black. */
export function rows(r: MonoRaster, from: number, to: number): Uint8Array {
  return r.data.subarray(from * r.stride, to * r.stride);
}
