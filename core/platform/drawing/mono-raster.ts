import { crc32, deflateSync } from 'node:zlib';
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

/**
 * A 1-bit greyscale PNG of the raster. Its rows are already PNG's 1-bit row layout (MSB leftmost), with black as 0
 * instead of 1: each row is inverted behind its filter byte and deflated as it is. pngjs writes 8- and 16-bit images
 * only; expanding a label to 8 bits and filtering it cost ~10 ms of the service's thread per preview (the desk asks
 * for one with every label it prints), this costs ~1 ms.
 */
export function rasterToPng(r: MonoRaster): Buffer {
  const raw = Buffer.alloc((r.stride + 1) * r.height);
  for (let y = 0; y < r.height; y++) {
    const row = y * (r.stride + 1);
    for (let i = 0; i < r.stride; i++) raw[row + 1 + i] = ~r.data[y * r.stride + i]! & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(r.width, 0);
  header.writeUInt32BE(r.height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND')]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
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
