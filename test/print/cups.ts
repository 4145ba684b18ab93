import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);
const PPD = '/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd';

export interface Cups {
  ok: boolean;
  /** Why the CUPS tests cannot run here. */
  reason: string;
  queue: string;
  stop(): Promise<void>;
}

const running = async () =>
  (await execFileP('lpstat', ['-r']).catch(() => ({ stdout: '' }))).stdout.includes('is running');

/**
 * A real CUPS with a cups-pdf queue for the test: the scheduler already running is used as is; otherwise, as
 * root, this starts `cupsd -f` and stops it (by its pid) afterwards. Never throws: `ok` false says why.
 */
export async function startCups(queue: string): Promise<Cups> {
  const no = (reason: string): Cups => ({ ok: false, reason, queue, stop: async () => {} });
  if (!existsSync('/usr/sbin/cupsd') || !existsSync(PPD))
    return no('cups or printer-driver-cups-pdf is not installed (apt-get install cups printer-driver-cups-pdf)');
  let child: ChildProcess | null = null;
  if (!(await running())) {
    if (process.getuid?.() !== 0) return no('cupsd is not running and starting it needs root');
    mkdirSync('/run/cups', { recursive: true });
    child = spawn('/usr/sbin/cupsd', ['-f'], { stdio: 'ignore' });
    for (let i = 0; i < 50 && !(await running()); i++) await new Promise((r) => setTimeout(r, 200));
    if (!(await running())) {
      child.kill();
      return no('cupsd did not start within 10 s');
    }
  }
  try {
    await execFileP('lpadmin', ['-p', queue, '-E', '-v', 'cups-pdf:/', '-P', PPD]);
    await execFileP('cupsenable', [queue]);
    await execFileP('cupsaccept', [queue]);
  } catch (e) {
    child?.kill();
    return no(`could not add the cups-pdf queue: ${(e as Error).message}`);
  }
  return {
    ok: true,
    reason: '',
    queue,
    async stop() {
      await execFileP('lpadmin', ['-x', queue]).catch(() => {});
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
