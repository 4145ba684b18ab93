import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as PdfToPrinter from 'pdf-to-printer';
import { TransportError } from '../transport.js';
import type { LabelFormat } from '../types.js';
import type { Spooler } from './spooler.js';

/** What the spooler uses of pdf-to-printer; tests hand in a fake with the same shape. */
export type PdfToPrinterApi = Pick<typeof PdfToPrinter, 'print' | 'getPrinters' | 'getDefaultPrinter'>;

/**
 * pdf-to-printer (maintained; it ships SumatraPDF, which renders the PDF to the Windows spooler without a viewer
 * or dialog) rather than our own GDI or PowerShell printing. Loaded on first use so that Linux and macOS never
 * load it; it is CommonJS, so its exports are the default of the ES import.
 */
const loadPdfToPrinter = async (): Promise<PdfToPrinterApi> => (await import('pdf-to-printer')).default;

/**
 * With no paper named, SumatraPDF takes it from the page: a standard size by its DMPAPER number, else the
 * printer's paper within 1 mm of the page, else a custom paper of the page's size. A7 has no DMPAPER number, so
 * the 74 x 105 mm page itself names it. A4 is named by number (DMPAPER_A4 = 9), not by `paperSize: 'A4'`:
 * SumatraPDF matches names against the driver's own paper names, which may spell A4 otherwise.
 */
const PAPER: Record<LabelFormat, PdfToPrinter.PrintOptions> = { PDF_A7: {}, PDF_A4: { paperKind: 9 } };

/** Local printer names cannot hold a comma or backslash; a shared printer is `\\server\printer`. */
const PRINTER_NAME = /^(?:\\\\[^\\,\s]+\\)?[^\\,\p{Cc}]{1,220}$/u;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)); // pdf-to-printer also throws plain strings

/** The PDF as a file for the length of `use` (pdf-to-printer takes a path), removed whatever happens. */
async function withPdfFile<T>(pdf: Uint8Array, title: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'station-print-'));
  try {
    // SumatraPDF names the spooler's job after the file, so the job shows its title in the Windows queue.
    const file = join(dir, `${title.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`);
    await writeFile(file, pdf);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The Windows spooler through pdf-to-printer: `print` returns once SumatraPDF has handed the pages to the spooler.
 * Windows names printers by their display name (spaces allowed); `getPrinters` lists them, which is also all the
 * status it can give.
 */
export function windowsSpooler(load: () => Promise<PdfToPrinterApi> = loadPdfToPrinter): Spooler {
  return {
    checkName: (name) =>
      name === name.trim() && PRINTER_NAME.test(name)
        ? null
        : 'must be a printer name as Windows lists it (GET /printers/discover): no comma, no backslash except in \\\\server\\printer, no leading or trailing space',
    async submit(printer, pdf, unit) {
      if (unit.signal?.aborted) throw new TransportError(`${printer}: canceled`, { delivered: 'no' });
      await withPdfFile(pdf, unit.name, async (file) => {
        try {
          const { print } = await load();
          // shrink: never enlarge a label onto larger stock, only fit it to the printable area when it exceeds it.
          await print(file, { printer, ...PAPER[unit.format], scale: 'shrink', silent: true });
        } catch (e) {
          throw new TransportError(`pdf-to-printer (${printer}): ${message(e)}`, { delivered: 'no' });
        }
      });
    },
    async status(printer) {
      try {
        const found = (await (await load()).getPrinters()).find((p) => p.name.toLowerCase() === printer.toLowerCase());
        return found
          ? {
              online: true,
              paper_out: null,
              head_open: null,
              detail: `listed by Windows as ${found.deviceId}; whether it is paused or offline is not reported`,
            }
          : { online: false, paper_out: null, head_open: null, detail: `${printer} is not among the Windows printers` };
      } catch (e) {
        return { online: false, paper_out: null, head_open: null, detail: `pdf-to-printer: ${message(e)}` };
      }
    },
    async discover() {
      try {
        const api = await load();
        const [printers, preferred] = await Promise.all([api.getPrinters(), api.getDefaultPrinter().catch(() => null)]);
        return printers.map((p) => ({
          name: p.name,
          driver: 'system',
          connection: p.name,
          device: p.deviceId || null,
          is_default: p.name === preferred?.name,
        }));
      } catch {
        return [];
      }
    },
  };
}
