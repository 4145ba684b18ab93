import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import type { Ack } from './transport.js';
import type { PrinterSettings, PrinterStatus } from './types.js';

const HEX = '0123456789ABCDEF';

/** ZPL's repeat count prefix: g–z are 20–400 in steps of 20, G–Y are 1–19. */
function repeatPrefix(n: number): string {
  let s = '';
  for (; n >= 400; n -= 400) s += 'z';
  if (n >= 20) {
    s += String.fromCharCode(0x66 + Math.floor(n / 20)); // 'g' = 20
    n %= 20;
  }
  if (n > 0) s += String.fromCharCode(0x46 + n); // 'G' = 1
  return s;
}

/**
 * One row, as the hex digits (nibbles) of its bytes: runs of a digit as a repeat count and the digit, and the row's
 * trailing 0s or Fs as `,` or `!`. Worked on the bytes: building each row's hex string and trimming it by regex cost
 * ~5 ms of the service's thread per label.
 */
function compressRow(data: Uint8Array, from: number, stride: number, nibbles: Uint8Array): string {
  const n = stride * 2;
  for (let i = 0; i < stride; i++) {
    nibbles[2 * i] = data[from + i]! >> 4;
    nibbles[2 * i + 1] = data[from + i]! & 15;
  }
  const tail = nibbles[n - 1]!;
  let end = n;
  if (tail === 0 || tail === 15) while (end > 0 && nibbles[end - 1] === tail) end--;
  let out = '';
  for (let i = 0; i < end;) {
    let j = i + 1;
    while (j < end && nibbles[j] === nibbles[i]) j++;
    out += (j - i > 1 ? repeatPrefix(j - i) : '') + HEX[nibbles[i]!]!;
    i = j;
  }
  return tail === 0 ? `${out},` : tail === 15 ? `${out}!` : out;
}

function sameRow(data: Uint8Array, a: number, b: number, stride: number): boolean {
  for (let i = 0; i < stride; i++) if (data[a + i] !== data[b + i]) return false;
  return true;
}

/**
 * `^GFA` data with ZPL's own ASCII compression: run-length letters, `,`/`!` to fill a row with 0s/1s, and `:`
 * to repeat the previous row. Every Zebra firmware and the ZPL emulations of other brands read it (Z64 needs
 * newer firmware). No maintained npm package encodes from a 1-bit raster, so this small generator is ours.
 */
export function zplGraphicData(r: MonoRaster): string {
  const rows: string[] = [];
  const nibbles = new Uint8Array(r.stride * 2);
  for (let y = 0; y < r.height; y++) {
    const at = y * r.stride;
    rows.push(y > 0 && sameRow(r.data, at, at - r.stride, r.stride) ? ':' : compressRow(r.data, at, r.stride, nibbles));
  }
  return rows.join('');
}

export function encodeZpl(r: MonoRaster, settings: PrinterSettings): Uint8Array {
  const total = r.stride * r.height;
  const darkness = settings.darkness === undefined ? '' : `~SD${String(settings.darkness).padStart(2, '0')}`;
  const speed = settings.speed === undefined ? '' : `^PR${settings.speed}`;
  const zpl =
    `${darkness}^XA${speed}^PW${r.width}^LL${r.height}^LH0,0` +
    `^FO0,0^GFA,${total},${total},${r.stride},${zplGraphicData(r)}^FS^PQ1^XZ`;
  return Buffer.from(zpl, 'latin1');
}

/** `~HS`: host status, three lines of comma-separated flags between STX and ETX. */
export const ZPL_STATUS_REQUEST = Buffer.from('~HS', 'latin1');

export const zplStatusComplete = (answer: Buffer) => answer.filter((b) => b === 0x03).length >= 3;

/** `~HS` after the job (the ^GFA data is hex and letters, so the job itself never asks for status). */
export const zplAck = (): Ack => ({ request: ZPL_STATUS_REQUEST, complete: zplStatusComplete });

export function parseZplStatus(answer: Buffer): PrinterStatus {
  const lines = answer
    .toString('latin1')
    .split('\x03')
    // eslint-disable-next-line no-control-regex -- STX frames each line of a ZPL status answer
    .map((l) => l.replace(/[\x02\r\n]/g, ''))
    .filter(Boolean)
    .map((l) => l.split(','));
  // Line 1: comm settings, paper out, pause, ...; line 2: function settings, unused, head up, ribbon out, ...
  const paperOut = lines[0]?.[1] === '1';
  const paused = lines[0]?.[2] === '1';
  const headOpen = lines[1]?.[2] === '1';
  const ribbonOut = lines[1]?.[3] === '1';
  const flags = [
    paperOut && 'paper out',
    paused && 'paused',
    headOpen && 'head open',
    ribbonOut && 'ribbon out',
  ].filter(Boolean);
  return { online: !paused, paper_out: paperOut, head_open: headOpen, detail: flags.length ? flags.join(', ') : null };
}
