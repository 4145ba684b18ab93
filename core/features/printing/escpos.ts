import thermal from 'node-thermal-printer';
import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import { fitWidth, rows } from '../../platform/drawing/mono-raster.js';
import type { Ack } from './transport.js';
import type { NativeLabel, PrinterSettings, PrinterStatus } from './types.js';

// node-thermal-printer is CommonJS; under NodeNext its named exports arrive on the default object.
const { printer: ThermalPrinter, types: PrinterTypes, characterSet: CharacterSet } = thermal;

export const ESCPOS_DEFAULT_WIDTH = 576;
/** Cheap ESC/POS firmwares overflow on one tall `GS v 0` image; bands of this many rows print everywhere. */
const BAND_ROWS = 256;

/** A buffer-only builder (no interface): the station's own transport delivers the bytes and checks them. */
function builder() {
  // An empty interface is how the library runs buffer-only (its typings insist on one).
  const p = new ThermalPrinter({ type: PrinterTypes.EPSON, width: 48, interface: '' });
  // ESC @ first: a job must not inherit the modes a previous one left (initHardware, absent from the typings).
  (p as unknown as { initHardware(): void }).initHardware();
  // Code page 858 (Latin-1 with €) after the reset: names and addresses carry accents (José Pérez, Córdoba).
  p.setCharacterSet(CharacterSet.PC858_EURO);
  p.alignCenter();
  return p;
}

/**
 * The label as `GS v 0` raster bands. The raster is already in that command's bit layout (rows of bytes,
 * MSB left, 1 = black), so it goes in as is: node-thermal-printer's own image path would re-decode a PNG pixel
 * by pixel, which costs more than the whole rest of a print.
 */
export function encodeEscposRaster(raster: MonoRaster, settings: PrinterSettings): Uint8Array {
  const r = fitWidth(raster, settings.width_dots ?? ESCPOS_DEFAULT_WIDTH);
  const p = builder();
  for (let y = 0; y < r.height; y += BAND_ROWS) {
    const h = Math.min(BAND_ROWS, r.height - y);
    p.add(Buffer.from([0x1d, 0x76, 0x30, 0x00, r.stride & 0xff, r.stride >> 8, h & 0xff, h >> 8]));
    p.add(Buffer.from(rows(r, y, y + h)));
  }
  p.cut();
  return p.getBuffer();
}

/** Native mode: the printer draws the Code 128 and QR itself (GS k / GS ( k) and prints the text lines. */
export function encodeEscposNative(label: NativeLabel): Uint8Array {
  const p = builder();
  // Code set B ({B, added by printBarcode for type 73) covers the codes' upper-case letters and digits.
  p.printBarcode(label.code, 73, { hriPos: 2, hriFont: 0, width: 3, height: 100 });
  p.newLine();
  p.printQR(label.qr, { cellSize: 4, correction: 'M', model: 2 });
  p.alignLeft();
  for (const line of label.lines) p.println(line);
  p.cut();
  return p.getBuffer();
}

/** DLE EOT 1, 2 and 4: printer, off-line cause and paper-roll sensor status, one byte each (real-time). */
export const ESCPOS_STATUS_REQUEST = Uint8Array.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);

/**
 * `GS r 1` after the job. Unlike the real-time DLE EOT, it is processed in order, after the job, and its answer
 * byte has bit 4 clear, while every real-time or automatic status byte has it set: so stray answers to DLE EOT
 * sequences that happen to occur inside raster data never pass for the acknowledgement.
 */
export const escposAck = (): Ack => ({
  request: Uint8Array.from([0x1d, 0x72, 0x01]),
  complete: (answer) => answer.some((b) => (b & 0x10) === 0),
});

export function parseEscposStatus(answer: Buffer): PrinterStatus {
  const [printer = 0, offline = 0, paper = 0] = answer;
  const paperOut = (paper & 0x60) !== 0 || (offline & 0x20) !== 0;
  const headOpen = (offline & 0x04) !== 0;
  const flags = [
    (printer & 0x08) !== 0 && 'offline',
    headOpen && 'cover open',
    paperOut && 'paper out',
    (paper & 0x0c) !== 0 && 'paper near end',
    (offline & 0x40) !== 0 && 'error',
  ].filter(Boolean);
  return {
    online: (printer & 0x08) === 0,
    paper_out: paperOut,
    head_open: headOpen,
    detail: flags.length ? flags.join(', ') : null,
  };
}
