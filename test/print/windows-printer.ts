import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);

export interface WindowsPdfPrinter {
  ok: boolean;
  /** Why the Windows printing test cannot run here. */
  reason: string;
  name: string;
  /** The file the printer writes each job to. */
  output: string;
  stop(): Promise<void>;
}

/** A PowerShell single-quoted string. */
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const ps = (script: string) =>
  execFileP('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script], { timeout: 60_000 });

/**
 * A real Windows printer for the test, like the cups-pdf queue on Linux: Microsoft Print to PDF on a local port
 * that is a file, so a job becomes that PDF without a save dialog. Adding it needs an administrator; never
 * throws: `ok` false says why the test cannot run.
 */
export async function addWindowsPdfPrinter(name: string): Promise<WindowsPdfPrinter> {
  const no = (reason: string): WindowsPdfPrinter => ({ ok: false, reason, name, output: '', stop: async () => {} });
  if (process.platform !== 'win32') return no(`pdf-to-printer prints only on Windows, and this is ${process.platform}`);
  const output = join(mkdtempSync(join(tmpdir(), 'station-winprint-')), 'out.pdf');
  try {
    await ps(
      `Add-PrinterPort -Name ${q(output)}; Add-Printer -Name ${q(name)} -DriverName 'Microsoft Print To PDF' -PortName ${q(output)}`,
    );
  } catch (e) {
    rmSync(dirname(output), { recursive: true, force: true });
    return no(
      `could not add a Microsoft Print to PDF printer on a file port (needs an administrator): ${(e as Error).message.split('\n')[0]}`,
    );
  }
  return {
    ok: true,
    reason: '',
    name,
    output,
    async stop() {
      await ps(`Remove-Printer -Name ${q(name)}; Remove-PrinterPort -Name ${q(output)}`).catch(() => {});
      rmSync(dirname(output), { recursive: true, force: true });
    },
  };
}
