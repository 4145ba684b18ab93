import { cupsSpooler } from './spoolers/cups.js';
import type { Spooler } from './spoolers/spooler.js';
import { windowsSpooler } from './spoolers/windows.js';
import { testPagePdf } from './test-page.js';
import type { Driver } from './types.js';

/**
 * The OS spooler with the label PDF: "accepted" means the spooler queued it. Units follow the paper: one A7
 * label, or one A4 sheet of 8 labels; each spooler puts the format's paper size on the job.
 */
export function systemDriverOn(spooler: Spooler): Driver {
  return {
    name: 'system',
    formats: ['PDF_A7', 'PDF_A4'],
    unitSize: (format) => (format === 'PDF_A4' ? 8 : 1),
    checkConnection: (c) => spooler.checkName(c),
    prepare: (labels, codes, _printer, format, start) => labels.pdf(codes, format, start),
    testPage: (printer) => testPagePdf(printer.name, 'PDF_A7'),
    async deliver(printer, payload, unit) {
      await unit.beforeWrite?.();
      return spooler.submit(printer.connection, payload, unit);
    },
    status: (printer) => spooler.status(printer.connection),
  };
}

/** CUPS on Linux and macOS; the Windows spooler through pdf-to-printer. */
const platformSpooler: Spooler = process.platform === 'win32' ? windowsSpooler() : cupsSpooler;

export const systemDriver = systemDriverOn(platformSpooler);

/** The printers of this machine's spooler, for `GET /printers/discover`. */
export const discoverSystemPrinters = () => platformSpooler.discover();
