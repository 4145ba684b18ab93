import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { testPagePdf } from './test-page.js';
import { TransportError } from './transport.js';
import type { Driver, LabelFormat, PrinterSpec } from './types.js';

const execFileP = promisify(execFile);
/** lpstat's wording is localised; parse it in the C locale. */
const lpstatEnv = { ...process.env, LC_ALL: 'C', LANG: 'C' };

/** CUPS names: printable characters without space, slash or hash; a leading letter or digit keeps it from reading as an option. */
const QUEUE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,126}$/;

/** Without a media option CUPS re-renders a 74 x 105 mm page onto the queue's default (often A4) paper. */
const PAGE_SIZE: Record<LabelFormat, string> = { PDF_A7: 'Custom.74x105mm', PDF_A4: 'A4' };

function lp(queue: string, pdf: Uint8Array, format: LabelFormat, title: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('lp', ['-d', queue, '-t', title, '-o', `PageSize=${PAGE_SIZE[format]}`, '-o', `media=${PAGE_SIZE[format]}`, '-'], {
      stdio: ['pipe', 'ignore', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', (e) => reject(new TransportError(`lp: ${e.message}`)));
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new TransportError(`lp -d ${queue} exited with ${code}: ${err.trim() || 'no message'}`)),
    );
    child.stdin.on('error', () => {}); // lp failing early closes stdin; its exit code tells why
    child.stdin.end(pdf);
  });
}

/**
 * The OS spooler (CUPS `lp` on Linux and macOS) with the label PDF: "accepted" means the spooler queued it.
 * Units follow the paper: one A7 label, or one A4 sheet of 8 labels.
 */
export const systemDriver: Driver = {
  name: 'system',
  formats: ['PDF_A7', 'PDF_A4'],
  unitSize: (format) => (format === 'PDF_A4' ? 8 : 1),
  checkConnection: (c) => (QUEUE_NAME.test(c) ? null : 'must be a print queue name as `lpstat -e` lists it (no spaces, / or #)'),
  prepare: (labels, codes, _printer, format) => labels.pdf(codes, format),
  testPage: (printer) => testPagePdf(printer.name, 'PDF_A7'),
  async deliver(printer, payload, unit) {
    if (process.platform === 'win32') throw new TransportError('the system driver needs CUPS (Linux, macOS); on Windows use a raw or file printer');
    await lp(printer.connection, payload, unit.format, unit.name, unit.signal);
  },
  async status(printer: PrinterSpec) {
    try {
      const { stdout } = await execFileP('lpstat', ['-p', printer.connection], { timeout: 5000, env: lpstatEnv });
      const disabled = /disabled/i.test(stdout);
      return { online: !disabled, paper_out: null, head_open: null, detail: stdout.trim() || null };
    } catch (e) {
      return { online: false, paper_out: null, head_open: null, detail: ((e as { stderr?: string }).stderr || (e as Error).message).trim() };
    }
  },
};

export interface DiscoveredPrinter {
  name: string;
  driver: 'system';
  connection: string;
  device: string | null;
  is_default: boolean;
}

/** The spooler's queues (`lpstat -v`, `lpstat -d`); no CUPS, or no scheduler running, is simply none. */
export async function discoverSystemPrinters(): Promise<DiscoveredPrinter[]> {
  let devices: string;
  try {
    ({ stdout: devices } = await execFileP('lpstat', ['-v'], { timeout: 5000, env: lpstatEnv }));
  } catch {
    return [];
  }
  let defaultName: string | null = null;
  try {
    const { stdout } = await execFileP('lpstat', ['-d'], { timeout: 5000, env: lpstatEnv });
    defaultName = /:\s*(\S+)\s*$/.exec(stdout.trim())?.[1] ?? null;
  } catch {
    /* no default destination */
  }
  const out: DiscoveredPrinter[] = [];
  for (const line of devices.split('\n')) {
    // "device for PDF: cups-pdf:/"
    const m = /^.*?\s(\S+):\s+(\S+)$/.exec(line.trim());
    if (m) out.push({ name: m[1]!, driver: 'system', connection: m[1]!, device: m[2]!, is_default: m[1] === defaultName });
  }
  return out;
}
