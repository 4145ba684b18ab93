import { constants } from 'node:fs';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { realPath } from './places.js';
import { testPagePdf } from './test-page.js';
import { TransportError } from './transport.js';
import type { Driver, RawDriverName } from './types.js';

const EXTENSION: Record<RawDriverName, string> = { escpos: 'bin', zpl: 'zpl', tspl: 'tspl' };

/**
 * Writes each unit into a folder: the PDF, or with `settings.raw` the bytes a raw driver would send. For tests,
 * archives and desks without a printer. The file appears under its final name at once (write, then rename),
 * so a folder watcher never picks up half a label.
 */
export function fileDriver(rawDrivers: Record<RawDriverName, Driver>): Driver {
  const rawOf = (raw: RawDriverName | undefined) => (raw ? rawDrivers[raw] : null);
  return {
    name: 'file',
    formats: ['PDF_A7', 'PDF_A4'],
    unitSize: (format) => (format === 'PDF_A4' ? 8 : 1),
    checkConnection: (c) => (isAbsolute(c) ? null : 'must be the absolute path of a folder'),
    prepare(labels, codes, printer, format, start) {
      const raw = rawOf(printer.settings.raw);
      return raw ? raw.prepare(labels, codes, printer, 'PDF_A7') : labels.pdf(codes, format, start);
    },
    rasterDpi: (printer) => rawOf(printer.settings.raw)?.rasterDpi?.(printer) ?? null,
    testPage(printer) {
      const raw = rawOf(printer.settings.raw);
      return raw ? raw.testPage(printer) : testPagePdf(printer.name, 'PDF_A7');
    },
    async deliver(printer, payload, unit) {
      const ext = printer.settings.raw ? EXTENSION[printer.settings.raw] : 'pdf';
      const file = join(printer.connection, `${unit.name.replace(/[^A-Za-z0-9._-]/g, '_')}.${ext}`);
      try {
        // Checked against the allowed folders when configured; a folder swapped for a symlink since then is refused.
        const real = printer.folderReal ? realPath(printer.connection) : null;
        if (real !== (printer.folderReal ?? null))
          throw new Error(
            `now resolves to ${real ?? 'a symlink loop'}, not the ${printer.folderReal} it was configured as; configure the printer again`,
          );
        // Labels carry names, phones and addresses: a folder made here is the user's alone, and so is each printout.
        await mkdir(printer.connection, { recursive: true, mode: 0o700 });
        await writeFile(`${file}.part`, payload, { mode: 0o600 });
        await unit.beforeWrite?.();
        await rename(`${file}.part`, file);
      } catch (e) {
        throw new TransportError(`${file}: ${(e as Error).message}`, { delivered: 'no' });
      }
    },
    async status(printer) {
      try {
        await access(printer.connection, constants.W_OK);
        return { online: true, paper_out: null, head_open: null, detail: null };
      } catch (e) {
        return { online: false, paper_out: null, head_open: null, detail: (e as Error).message };
      }
    },
  };
}
