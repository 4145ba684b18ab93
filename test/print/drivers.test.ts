import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../core/features/printing/drivers.js';
import { encodeEscposRaster } from '../../core/features/printing/escpos.js';
import type { LabelInput, PrinterSpec } from '../../core/features/printing/types.js';
import { encodeZpl } from '../../core/features/printing/zpl.js';
import { decodeEscpos, decodeTspl, decodeZpl, readSymbols, syntheticLabel } from './decode.js';
import { startSink, type SinkProtocol } from './sink.js';

const labels: LabelInput = {
  raster: (code, dpi) => syntheticLabel(code, dpi),
  pdf: () => Promise.reject(new Error('no PDF here')),
  native: async (code) => ({ code, qr: `QR:${code}`, lines: ['TO: Ana Pérez', 'Calle 1'] }),
};

const decoders = { escpos: decodeEscpos, zpl: decodeZpl, tspl: decodeTspl };

describe('raw drivers print the label raster to a real socket', () => {
  for (const protocol of ['escpos', 'zpl', 'tspl'] as SinkProtocol[]) {
    it(`${protocol}: the sink's bytes decode to an image whose QR and Code 128 read back`, async () => {
      const sink = await startSink(protocol);
      try {
        const printer: PrinterSpec = {
          name: 'desk',
          driver: protocol,
          connection: sink.url,
          settings: { darkness: 20, speed: 4 },
        };
        const driver = drivers[protocol];
        await driver.deliver(printer, await driver.prepare(labels, ['ABC234XYZ9'], printer, 'PDF_A7'), {
          name: 'x',
          format: 'PDF_A7',
        });
        expect(sink.jobs).toHaveLength(1);
        expect(await readSymbols(decoders[protocol](sink.jobs[0]!))).toEqual([
          'CODE-128:ABC234XYZ9',
          'QR-Code:QR:ABC234XYZ9',
        ]);
      } finally {
        await sink.stop();
      }
    });
  }

  it('a raster that differs from the label does not read back as the label', async () => {
    const other = await syntheticLabel('OTHER23456');
    expect(await readSymbols(decodeZpl(Buffer.from(encodeZpl(other, {}))))).not.toContain('CODE-128:ABC234XYZ9');
  });

  it('zpl carries darkness and speed; tspl density, speed and an inverted bitmap', async () => {
    const r = await syntheticLabel('ABC234XYZ9');
    const zpl = Buffer.from(encodeZpl(r, { darkness: 25, speed: 6 })).toString('latin1');
    expect(zpl).toMatch(/^~SD25\^XA\^PR6\^PW\d+\^LL\d+/);
    const printer: PrinterSpec = {
      name: 't',
      driver: 'tspl',
      connection: 'tcp://127.0.0.1:9',
      settings: { darkness: 20, speed: 3, gap_mm: 2 },
    };
    const tspl = Buffer.from(await drivers.tspl.prepare(labels, ['ABC234XYZ9'], printer, 'PDF_A7')).toString('latin1');
    const head = `SIZE 74 mm,105 mm\r\nGAP 2 mm,0 mm\r\nDENSITY 10\r\nSPEED 3\r\nCLS\r\nBITMAP 0,0,${r.stride},${r.height},0,`;
    expect(tspl.slice(0, head.length)).toBe(head);
    expect(tspl.endsWith('\r\nPRINT 1,1\r\n')).toBe(true);
  });

  it('escpos fits an A7 raster to an 80 mm head by cutting blank margins, and native mode uses the printer’s symbols', async () => {
    const r = await syntheticLabel('ABC234XYZ9');
    expect(r.width).toBeGreaterThan(576);
    const fitted = decodeEscpos(Buffer.from(encodeEscposRaster(r, {})));
    expect(fitted.width).toBe(576);
    expect(await readSymbols(fitted)).toEqual(['CODE-128:ABC234XYZ9', 'QR-Code:QR:ABC234XYZ9']);

    const printer: PrinterSpec = {
      name: 'n',
      driver: 'escpos',
      connection: 'tcp://127.0.0.1:9',
      settings: { native: true },
    };
    const native = Buffer.from(await drivers.escpos.prepare(labels, ['ABC234XYZ9'], printer, 'PDF_A7'));
    expect(native.includes(Buffer.from([0x1d, 0x6b, 73, 12, 0x7b, 0x42, ...Buffer.from('ABC234XYZ9')]))).toBe(true); // GS k Code 128
    expect(native.includes(Buffer.from('QR:ABC234XYZ9'))).toBe(true); // stored in GS ( k
    expect(native.includes(Buffer.from([0x1d, 0x76, 0x30]))).toBe(false); // no raster
    expect(native.includes(Buffer.from([0x50, 0x82, 0x72]))).toBe(true); // "Pér" in code page 858
  });

  it('reads ESC/POS, ZPL and TSPL status: online, paper out, head open', async () => {
    for (const protocol of ['escpos', 'zpl', 'tspl'] as SinkProtocol[]) {
      const sink = await startSink(protocol);
      try {
        const printer: PrinterSpec = { name: 's', driver: protocol, connection: sink.url, settings: {} };
        expect(await drivers[protocol].status(printer)).toMatchObject({
          online: true,
          paper_out: false,
          head_open: false,
        });
        sink.status = { paperOut: true, headOpen: true };
        expect(await drivers[protocol].status(printer)).toMatchObject({ paper_out: true, head_open: true });
      } finally {
        await sink.stop();
      }
      const off = await drivers[protocol].status({ name: 's', driver: protocol, connection: sink.url, settings: {} });
      expect(off).toMatchObject({ online: false, paper_out: null });
    }
  });

  it('a device path receives the job bytes; a missing device or an ordinary file is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-'));
    const device = join(dir, 'lp0');
    execFileSync('mkfifo', [device]); // a pipe stands in for /dev/usb/lp0: the test reads what the "printer" gets
    const received = new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      createReadStream(device)
        .on('data', (d) => chunks.push(d as Buffer))
        .on('end', () => resolve(Buffer.concat(chunks)));
    });
    const printer: PrinterSpec = { name: 'usb', driver: 'zpl', connection: device, settings: {} };
    await drivers.zpl.deliver(printer, await drivers.zpl.prepare(labels, ['ABC234XYZ9'], printer, 'PDF_A7'), {
      name: 'x',
      format: 'PDF_A7',
    });
    expect(await readSymbols(decodeZpl(await received))).toContain('CODE-128:ABC234XYZ9');

    const missing = { ...printer, connection: join(dir, 'lp9') };
    await expect(drivers.zpl.deliver(missing, Buffer.from('^XA^XZ'), { name: 'x', format: 'PDF_A7' })).rejects.toThrow(
      /ENOENT/,
    );
    expect(existsSync(missing.connection)).toBe(false);
    const file = join(dir, 'passwd');
    writeFileSync(file, 'root:x:0:0\n');
    await expect(
      drivers.zpl.deliver({ ...printer, connection: file }, Buffer.from('^XA^XZ'), { name: 'x', format: 'PDF_A7' }),
    ).rejects.toThrow(/not a device/);
    expect(readFileSync(file, 'utf8')).toBe('root:x:0:0\n');
  });

  it('a printer that is not listening is a transport error, quickly', async () => {
    const sink = await startSink('zpl');
    await sink.stop();
    const printer: PrinterSpec = { name: 'x', driver: 'zpl', connection: sink.url, settings: {} };
    await expect(drivers.zpl.deliver(printer, Buffer.from('^XA^XZ'), { name: 'x', format: 'PDF_A7' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
