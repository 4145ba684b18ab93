import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import type { MonoRaster } from '../../core/platform/drawing/raster-types.js';

const run = promisify(execFile);

/** A scratch folder for one test file's PDFs and images. */
export function scratch(): { dir: string; file(name: string, bytes?: Uint8Array): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'labels-test-'));
  return {
    dir,
    file(name, bytes) {
      const p = join(dir, name);
      if (bytes) writeFileSync(p, bytes);
      return p;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The Code 128 and QR symbols zbarimg (Debian zbar-tools) decodes in an image, each kind in reading order. */
export async function decode(image: string): Promise<{ code128: string[]; qr: string[] }> {
  let stdout = '';
  try {
    ({ stdout } = await run('zbarimg', ['--quiet', '-Sdisable', '-Scode128.enable', '-Sqrcode.enable', image], {
      maxBuffer: 16 << 20,
    }));
  } catch (e) {
    // zbarimg exits 4 when it finds nothing.
    if ((e as { code?: number }).code !== 4) throw e;
  }
  const lines = stdout.split('\n').filter(Boolean);
  const of = (prefix: string) => lines.filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length));
  return { code128: of('CODE-128:'), qr: of('QR-Code:') };
}

/** Renders every page of a PDF to PNG with poppler's pdftoppm; returns the page images in order. */
export async function renderPages(pdf: string, dpi: number, opts: { mono?: boolean } = {}): Promise<string[]> {
  const prefix = pdf.replace(/\.pdf$/, `-${dpi}`);
  await run('pdftoppm', ['-r', String(dpi), '-png', opts.mono ? '-mono' : '-gray', pdf, prefix]);
  const dir = join(prefix, '..');
  const base = prefix.split('/').at(-1)!;
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${base}-`))
    .sort((a, b) => Number(/-(\d+)\.\w+$/.exec(a)![1]) - Number(/-(\d+)\.\w+$/.exec(b)![1]))
    .map((f) => join(dir, f));
}

/** `pdfinfo`: page count and the size of page 1 in points. */
export async function pdfInfo(pdf: string): Promise<{ pages: number; width: number; height: number }> {
  const { stdout } = await run('pdfinfo', [pdf]);
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(stdout)![1]), width: Number(size[1]), height: Number(size[2]) };
}

export interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word poppler finds in the PDF, with its box in points (origin top-left), from `pdftotext -bbox`. */
export async function words(pdf: string): Promise<Word[]> {
  const { stdout } = await run('pdftotext', ['-bbox', pdf, '-'], { maxBuffer: 64 << 20 });
  const out: Word[] = [];
  let page = 0;
  for (const line of stdout.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) out.push({ page, xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text: unescape(m[5]!) });
  }
  return out;
}

function unescape(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A 1-bit raster as a PNG file (for zbarimg). */
export function rasterPng(r: MonoRaster, path: string): string {
  const png = new PNG({ width: r.width, height: r.height });
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++) {
      const black = (r.data[y * r.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
      const i = (y * r.width + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = black ? 0 : 255;
      png.data[i + 3] = 255;
    }
  writeFileSync(path, PNG.sync.write(png));
  return path;
}

/** A grey or mono PNG page image as black (luminance < 50%) bits, for pixel comparisons. */
export function blackBits(pngPath: string): { width: number; height: number; black: Uint8Array } {
  const png = PNG.sync.read(readFileSync(pngPath));
  const black = new Uint8Array(png.width * png.height);
  for (let i = 0; i < black.length; i++) black[i] = png.data[i * 4]! < 128 ? 1 : 0;
  return { width: png.width, height: png.height, black };
}
