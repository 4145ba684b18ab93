import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { TransportError } from '../transport.js';
import type { LabelFormat } from '../types.js';
import type { DiscoveredPrinter, Spooler } from './spooler.js';

const execFileP = promisify(execFile);
/** lpstat's wording is localised; parse it in the C locale. */
const lpstatEnv = { ...process.env, LC_ALL: 'C', LANG: 'C' };

/** CUPS names: printable characters without space, slash or hash; a leading letter or digit keeps it from reading as an option. */
const QUEUE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,126}$/;

/** Without a media option CUPS re-renders a 74 x 105 mm page onto the queue's default (often A4) paper. */
const PAGE_SIZE: Record<LabelFormat, string> = { PDF_A7: 'Custom.74x105mm', PDF_A4: 'A4' };

function lp(queue: string, pdf: Uint8Array, format: LabelFormat, title: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'lp',
      ['-d', queue, '-t', title, '-o', `PageSize=${PAGE_SIZE[format]}`, '-o', `media=${PAGE_SIZE[format]}`, '-'],
      {
        stdio: ['pipe', 'ignore', 'pipe'],
        ...(signal ? { signal } : {}),
      },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', (e) => reject(new TransportError(`lp: ${e.message}`, { delivered: 'no' })));
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new TransportError(`lp -d ${queue} exited with ${code}: ${err.trim() || 'no message'}`, {
              delivered: 'no',
            }),
          ),
    );
    child.stdin.on('error', () => {}); // lp failing early closes stdin; its exit code tells why
    child.stdin.end(pdf);
  });
}

/** CUPS (Linux, macOS): `lp` queues the PDF, `lpstat` tells the queues and their state. */
export const cupsSpooler: Spooler = {
  checkName: (name) =>
    QUEUE_NAME.test(name) ? null : 'must be a print queue name as `lpstat -e` lists it (no spaces, / or #)',
  submit: (queue, pdf, unit) => lp(queue, pdf, unit.format, unit.name, unit.signal),
  async status(queue) {
    try {
      const { stdout } = await execFileP('lpstat', ['-p', queue], { timeout: 5000, env: lpstatEnv });
      const disabled = /disabled/i.test(stdout);
      return { online: !disabled, paper_out: null, head_open: null, detail: stdout.trim() || null };
    } catch (e) {
      return {
        online: false,
        paper_out: null,
        head_open: null,
        detail: ((e as { stderr?: string }).stderr || (e as Error).message).trim(),
      };
    }
  },
  /** `lpstat -v` and `lpstat -d`; no CUPS, or no scheduler running, is simply none. */
  async discover() {
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
      if (m)
        out.push({ name: m[1]!, driver: 'system', connection: m[1]!, device: m[2]!, is_default: m[1] === defaultName });
    }
    return out;
  },
};
