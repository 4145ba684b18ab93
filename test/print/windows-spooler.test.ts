import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { PrintOptions, Printer } from 'pdf-to-printer';
import { windowsSpooler, type PdfToPrinterApi } from '../../core/features/printing/spoolers/windows.js';
import { cupsSpooler } from '../../core/features/printing/spoolers/cups.js';
import { systemDriverOn } from '../../core/features/printing/system-driver.js';
import { testPagePdf } from '../../core/features/printing/test-page.js';
import { TransportError } from '../../core/features/printing/transport.js';
import type { LabelFormat, PrinterSpec } from '../../core/features/printing/types.js';

const execFileP = promisify(execFile);

/** What the fake saw of one print call, read while the file still existed. */
interface PrintCall {
  file: string;
  options: PrintOptions | undefined;
  header: string;
  pages: number;
  /** Page size in whole millimetres, from pdfinfo. */
  sizeMm: [number, number];
}

/** pdf-to-printer's three functions, recording what they are given; `fail` makes print throw it. */
function fakePdfToPrinter(
  opts: { printers?: Printer[]; preferred?: Printer | null; fail?: Error; listFails?: boolean } = {},
) {
  const calls: PrintCall[] = [];
  const api: PdfToPrinterApi = {
    async print(file, options) {
      const { stdout } = await execFileP('pdfinfo', [file]);
      const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout)!;
      const mm = (pt: string) => Math.round((Number(pt) / 72) * 25.4);
      calls.push({
        file,
        options,
        header: readFileSync(file).subarray(0, 5).toString('latin1'),
        pages: Number(/Pages:\s+(\d+)/.exec(stdout)![1]),
        sizeMm: [mm(w!), mm(h!)],
      });
      if (opts.fail !== undefined) throw opts.fail;
    },
    getPrinters: async () => {
      if (opts.listFails) throw new Error('Get-CimInstance failed');
      return opts.printers ?? [];
    },
    getDefaultPrinter: async () => opts.preferred ?? null,
  };
  let loads = 0;
  return { calls, load: async () => (loads++, api), loads: () => loads };
}

const zebra: Printer = {
  deviceId: 'ZDesigner ZD421-203dpi ZPL',
  name: 'ZDesigner ZD421 (Front desk)',
  paperSizes: ['74 x 105 mm', '4 x 6'],
};
const office: Printer = { deviceId: 'HP LaserJet Pro', name: 'HP LaserJet Pro M404', paperSizes: ['A4', 'Letter'] };
const onWindows = process.platform === 'win32';
if (onWindows) console.warn('skipping the off-Windows refusal test of pdf-to-printer: on Windows it prints');

const spec = (connection: string): PrinterSpec => ({ name: 'desk', driver: 'system', connection, settings: {} });

describe('system driver on Windows (pdf-to-printer, injected)', () => {
  const cases: { format: LabelFormat; paper: PrintOptions; sizeMm: [number, number] }[] = [
    { format: 'PDF_A7', paper: {}, sizeMm: [74, 105] },
    { format: 'PDF_A4', paper: { paperKind: 9 }, sizeMm: [210, 297] },
  ];
  for (const c of cases) {
    it(`${c.format}: prints a readable ${c.sizeMm.join(' x ')} mm PDF file to the named printer, then removes it`, async () => {
      const fake = fakePdfToPrinter();
      const driver = systemDriverOn(windowsSpooler(fake.load));
      await driver.deliver(spec(zebra.name), await testPagePdf('desk', c.format), {
        name: 'job7-1-ABC/234',
        format: c.format,
      });
      expect(fake.calls).toHaveLength(1);
      const call = fake.calls[0]!;
      expect(call.options).toEqual({ printer: zebra.name, scale: 'shrink', silent: true, ...c.paper });
      expect(call).toMatchObject({ header: '%PDF-', pages: 1, sizeMm: c.sizeMm });
      // The file is named after the job (the title Windows shows in its queue), made safe for a path.
      expect(call.file).toMatch(/job7-1-ABC_234\.pdf$/);
      expect(existsSync(call.file)).toBe(false);
    });
  }

  it('a failed print is a TransportError with the package’s message, and the file is removed all the same', async () => {
    const fake = fakePdfToPrinter({ fail: new Error('Command failed: SumatraPDF.exe -print-to ZDesigner exited 1') });
    const driver = systemDriverOn(windowsSpooler(fake.load));
    const err = await driver
      .deliver(spec(zebra.name), await testPagePdf('desk', 'PDF_A7'), { name: 'j', format: 'PDF_A7' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as Error).message).toBe(
      `pdf-to-printer (${zebra.name}): Command failed: SumatraPDF.exe -print-to ZDesigner exited 1`,
    );
    expect(fake.calls).toHaveLength(1);
    expect(existsSync(fake.calls[0]!.file)).toBe(false);
  });

  // pdf-to-printer refuses every platform but win32 with `throw "Operating System not supported"`.
  it.skipIf(onWindows)(
    'the real package off Windows throws a plain string; it becomes a TransportError carrying it',
    async () => {
      const err = await systemDriverOn(windowsSpooler())
        .deliver(spec('Any Printer'), await testPagePdf('desk', 'PDF_A7'), { name: 'j', format: 'PDF_A7' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as Error).message).toBe('pdf-to-printer (Any Printer): Operating System not supported');
    },
  );

  it('a delivery canceled before it starts prints nothing', async () => {
    const fake = fakePdfToPrinter();
    const ac = new AbortController();
    ac.abort();
    const err = await windowsSpooler(fake.load)
      .submit(zebra.name, await testPagePdf('desk', 'PDF_A7'), { name: 'j', format: 'PDF_A7', signal: ac.signal })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(fake.calls).toHaveLength(0);
  });

  it('discovery maps getPrinters and getDefaultPrinter; a failing listing is no printers', async () => {
    const spooler = windowsSpooler(fakePdfToPrinter({ printers: [zebra, office], preferred: office }).load);
    expect(await spooler.discover()).toEqual([
      { name: zebra.name, driver: 'system', connection: zebra.name, device: zebra.deviceId, is_default: false },
      { name: office.name, driver: 'system', connection: office.name, device: office.deviceId, is_default: true },
    ]);
    const noDefault = await windowsSpooler(fakePdfToPrinter({ printers: [zebra] }).load).discover();
    expect(noDefault).toEqual([expect.objectContaining({ name: zebra.name, is_default: false })]);
    expect(await windowsSpooler(fakePdfToPrinter({ listFails: true }).load).discover()).toEqual([]);
  });

  it('status: a listed printer is online, with what Windows does not tell as null; unlisted or unlistable is offline', async () => {
    const driver = systemDriverOn(windowsSpooler(fakePdfToPrinter({ printers: [zebra, office] }).load));
    expect(await driver.status(spec('hp laserjet pro m404'))).toEqual({
      online: true,
      paper_out: null,
      head_open: null,
      detail: 'listed by Windows as HP LaserJet Pro; whether it is paused or offline is not reported',
    });
    expect(await driver.status(spec('Gone Printer'))).toEqual({
      online: false,
      paper_out: null,
      head_open: null,
      detail: 'Gone Printer is not among the Windows printers',
    });
    const broken = systemDriverOn(windowsSpooler(fakePdfToPrinter({ listFails: true }).load));
    expect(await broken.status(spec(zebra.name))).toMatchObject({
      online: false,
      paper_out: null,
      head_open: null,
      detail: 'pdf-to-printer: Get-CimInstance failed',
    });
  });

  it('connection names follow the spooler: Windows takes spaces and \\\\server\\printer, CUPS does not', () => {
    const windows = systemDriverOn(windowsSpooler(fakePdfToPrinter().load));
    for (const ok of [zebra.name, 'Microsoft Print to PDF', '\\\\printsrv\\Labels 2nd floor'])
      expect(windows.checkConnection(ok)).toBeNull();
    for (const bad of ['', ' Leading', 'Trailing ', 'a,b', 'C:\\spool\\x', 'tab\there', 'x'.repeat(221)])
      expect(windows.checkConnection(bad)).toMatch(/Windows lists it/);
    const cups = systemDriverOn(cupsSpooler);
    expect(cups.checkConnection('Office_Laser')).toBeNull();
    expect(cups.checkConnection(zebra.name)).toMatch(/lpstat -e/);
  });

  it('the module is loaded only when used', async () => {
    const fake = fakePdfToPrinter();
    const driver = systemDriverOn(windowsSpooler(fake.load));
    expect(driver.checkConnection(zebra.name)).toBeNull();
    expect(fake.loads()).toBe(0);
    await driver.status(spec(zebra.name));
    expect(fake.loads()).toBe(1);
  });
});
