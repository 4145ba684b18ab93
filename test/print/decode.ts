import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import bwipjs from 'bwip-js';
import type { MonoRaster } from '../../core/platform/drawing/raster-types.js';
import { blankRaster, blit, rasterFromPng, rasterToPng } from '../../core/platform/drawing/mono-raster.js';

const execFileP = promisify(execFile);

/** A stand-in label: the code as Code 128 and a QR of `QR:<code>`, the two symbols a real label carries. */
export async function syntheticLabel(code: string, dpi: 203 | 300 = 203): Promise<MonoRaster> {
  const scale = dpi === 300 ? 3 : 2;
  const bar = rasterFromPng(await bwipjs.toBuffer({ bcid: 'code128', text: code, scale, height: 15 }), dpi);
  const qr = rasterFromPng(await bwipjs.toBuffer({ bcid: 'qrcode', text: `QR:${code}`, scale: scale + 2 }), dpi);
  const label = blankRaster(Math.round((74 / 25.4) * dpi), Math.round((105 / 25.4) * dpi), dpi);
  const margin = Math.round(dpi / 8);
  blit(label, bar, margin, margin);
  blit(label, qr, margin, bar.height + 2 * margin);
  return label;
}

function stack(parts: MonoRaster[]): MonoRaster {
  const width = Math.max(...parts.map((p) => p.width));
  const out = blankRaster(
    width,
    parts.reduce((h, p) => h + p.height, 0),
    parts[0]?.dpi ?? 203,
  );
  let y = 0;
  for (const p of parts) {
    blit(out, p, 0, y);
    y += p.height;
  }
  return out;
}

/** The `GS v 0` bands of an ESC/POS job, stacked back into one image. */
export function decodeEscpos(job: Buffer): MonoRaster {
  const bands: MonoRaster[] = [];
  const GS_V_0 = Buffer.from([0x1d, 0x76, 0x30]);
  for (let i = job.indexOf(GS_V_0); i >= 0; i = job.indexOf(GS_V_0)) {
    const stride = job[i + 4]! | (job[i + 5]! << 8);
    const height = job[i + 6]! | (job[i + 7]! << 8);
    const data = job.subarray(i + 8, i + 8 + stride * height);
    bands.push({ width: stride * 8, height, stride, data: new Uint8Array(data), dpi: 203 });
    job = job.subarray(i + 8 + stride * height);
  }
  if (!bands.length) throw new Error('no GS v 0 raster in the job');
  return stack(bands);
}

/**
 * The text lines of an ESC/POS job in native mode, as the printer's font prints them. The code page may change in a
 * line (ESC t, node-thermal-printer's choice per character), so a byte above 0x7F reads as U+FFFD; `asPrinted` writes
 * expected text alike. The first line starts after the symbols' commands.
 */
export function escposLines(job: Buffer): string[] {
  let text = '';
  for (let i = 0; i < job.length; i++) {
    if (job[i] === 0x1b && job[i + 1] === 0x74) i += 2;
    else text += job[i]! < 0x80 ? String.fromCharCode(job[i]!) : '\ufffd';
  }
  return text.split('\n');
}
export const asPrinted = (text: string) => [...text].map((c) => (c.codePointAt(0)! < 0x80 ? c : '\ufffd')).join('');

/** `^GFA` with ZPL's ASCII compression, expanded back to rows of hex. */
export function decodeZpl(job: Buffer): MonoRaster {
  const text = job.toString('latin1');
  const m = /\^GFA,(\d+),(\d+),(\d+),([^^]*)\^FS/.exec(text);
  if (!m) throw new Error('no ^GFA graphic in the job');
  const total = Number(m[1]);
  const stride = Number(m[3]);
  const height = total / stride;
  const rowChars = stride * 2;
  const rows: string[] = [];
  let row = '';
  let count = 0;
  for (const ch of m[4]!) {
    if (ch >= 'G' && ch <= 'Y') count += ch.charCodeAt(0) - 0x46;
    else if (ch >= 'g' && ch <= 'z') count += (ch.charCodeAt(0) - 0x66) * 20;
    else if (ch === ',' || ch === '!') {
      row = row.padEnd(rowChars, ch === ',' ? '0' : 'F');
    } else if (ch === ':') {
      row = rows[rows.length - 1]!;
    } else {
      row += ch.repeat(count || 1);
      count = 0;
    }
    if (row.length === rowChars) {
      rows.push(row);
      row = '';
    }
  }
  if (rows.length !== height) throw new Error(`ZPL graphic has ${rows.length} rows, expected ${height}`);
  return { width: stride * 8, height, stride, data: Uint8Array.from(Buffer.from(rows.join(''), 'hex')), dpi: 203 };
}

/** TSPL `BITMAP x,y,widthBytes,height,0,<binary>` (1 = no dot), flipped back to 1 = black. */
export function decodeTspl(job: Buffer): MonoRaster {
  const head = /BITMAP 0,0,(\d+),(\d+),0,/.exec(job.toString('latin1'));
  if (!head) throw new Error('no BITMAP in the job');
  const stride = Number(head[1]);
  const height = Number(head[2]);
  const start = head.index + head[0].length;
  const data = Uint8Array.from(job.subarray(start, start + stride * height), (b) => ~b & 0xff);
  return { width: stride * 8, height, stride, data, dpi: 203 };
}

/** What zbarimg reads from an image: `QR-Code:…`, `CODE-128:…`, sorted. */
export async function readSymbols(r: MonoRaster): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'zbar-'));
  try {
    const file = join(dir, 'label.png');
    writeFileSync(file, rasterToPng(r));
    const { stdout } = await execFileP('zbarimg', ['-q', file]).catch((e: { stdout?: string }) => ({
      stdout: e.stdout ?? '',
    }));
    return stdout.split('\n').filter(Boolean).sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
