import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import type { Ack } from './transport.js';
import type { PrinterSettings, PrinterStatus } from './types.js';

/** Labels are whole millimetres (74 x 105); a raster of 591 dots at 203 dpi is 73.9 mm of it. */
const mm = (dots: number, dpi: number) => Math.round((dots / dpi) * 25.4);

/**
 * TSPL (TSC, Xprinter and most cheap label printers): `BITMAP x,y,widthBytes,height,0,<binary>`. TSPL's bitmap
 * bits are 1 = no dot, the inverse of our raster, so every byte is flipped. No maintained npm package writes
 * TSPL bitmaps; the job is a handful of text commands around the data.
 */
export function encodeTspl(r: MonoRaster, settings: PrinterSettings): Uint8Array {
  const head = [
    `SIZE ${mm(r.width, r.dpi)} mm,${mm(r.height, r.dpi)} mm`,
    `GAP ${settings.gap_mm ?? 3} mm,0 mm`,
    ...(settings.darkness === undefined ? [] : [`DENSITY ${Math.round(settings.darkness / 2)}`]),
    ...(settings.speed === undefined ? [] : [`SPEED ${settings.speed}`]),
    'CLS',
    `BITMAP 0,0,${r.stride},${r.height},0,`,
  ].join('\r\n');
  const bitmap = Buffer.alloc(r.stride * r.height);
  for (let i = 0; i < bitmap.length; i++) bitmap[i] = ~r.data[i]! & 0xff;
  return Buffer.concat([Buffer.from(head, 'latin1'), bitmap, Buffer.from('\r\nPRINT 1,1\r\n', 'latin1')]);
}

/** `ESC ! ?`: one status byte, answered immediately even while printing. */
export const TSPL_STATUS_REQUEST = Uint8Array.from([0x1b, 0x21, 0x3f]);

/**
 * `ESC ! ?` after the job: one byte, plus one per `ESC ! ?` the bitmap happens to contain, because the printer
 * answers immediate commands wherever they arrive (TSPL has no in-order status command to ask instead).
 */
export function tsplAck(payload: Uint8Array): Ack {
  let strays = 0;
  for (let i = 0; i + 2 < payload.length; i++)
    if (payload[i] === 0x1b && payload[i + 1] === 0x21 && payload[i + 2] === 0x3f) strays++;
  const expected = 1 + strays;
  return { request: TSPL_STATUS_REQUEST, complete: (answer) => answer.length >= expected };
}

export function parseTsplStatus(answer: Buffer): PrinterStatus {
  const b = answer[0] ?? 0;
  const names: Array<[number, string]> = [
    [0x01, 'head open'],
    [0x02, 'paper jam'],
    [0x04, 'paper out'],
    [0x08, 'ribbon out'],
    [0x10, 'paused'],
    [0x20, 'printing'],
  ];
  const flags = names.filter(([bit]) => b & bit).map(([, n]) => n);
  return {
    online: (b & 0x1f) === 0,
    paper_out: (b & 0x04) !== 0,
    head_open: (b & 0x01) !== 0,
    detail: flags.length ? flags.join(', ') : null,
  };
}
