import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { printingStation } from './spooler-suite.js';
import { startCups } from './cups.js';

const execFileP = promisify(execFile);
const cups = await startCups('StationTestPDF');
if (!cups.ok) console.warn(`skipping the CUPS printing tests: ${cups.reason}`);

/** cups-pdf writes to `Out` of /etc/cups/cups-pdf.conf: ${HOME}/PDF of the submitting user by default. */
function outputDir(): string {
  const conf = existsSync('/etc/cups/cups-pdf.conf') ? readFileSync('/etc/cups/cups-pdf.conf', 'utf8') : '';
  const out = /^Out\s+(.+)$/m.exec(conf)?.[1]?.trim() ?? '${HOME}/PDF';
  return out.replace('${HOME}', homedir()).replace('${USER}', process.env.USER ?? 'root');
}

/** cups-pdf writes in place: a file is whole once its trailer's `%%EOF` is there (a busy machine reads it sooner). */
const complete = (file: string) => readFileSync(file).subarray(-64).includes('%%EOF');

async function newPdf(dir: string, since: number, timeoutMs = 20_000): Promise<string> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    if (!existsSync(dir)) continue;
    const found = readdirSync(dir)
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => join(dir, f))
      .find((f) => statSync(f).mtimeMs >= since && statSync(f).size > 0 && complete(f));
    if (found) return found;
  }
  throw new Error(`no PDF appeared in ${dir}`);
}

describe.skipIf(!cups.ok)('system driver through a real CUPS queue (cups-pdf)', () => {
  const station = printingStation(() => cups.stop());

  it('discovers the queue with lpstat', async () => {
    const { s, token } = station;
    const r = await s.request('GET', '/printers/discover', { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toContainEqual(
      expect.objectContaining({ name: cups.queue, driver: 'system', connection: cups.queue }),
    );
  });

  it('prints through lp and cups-pdf writes the PDF, at the format’s paper size', async () => {
    const { s, token } = station;
    expect(
      (
        await s.request('POST', '/printers', {
          token,
          body: { name: 'office', driver: 'system', connection: cups.queue },
        })
      ).status,
    ).toBe(201);
    const since = Date.now() - 1000;
    const r = await s.request('POST', '/printers/office/test', { token });
    expect(r.body).toEqual({ accepted: true, error: null });
    const pdf = await newPdf(outputDir(), since);
    const { stdout } = await execFileP('pdfinfo', [pdf]);
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout)!;
    expect(Math.round((Number(w) / 72) * 25.4)).toBe(74);
    expect(Math.round((Number(h) / 72) * 25.4)).toBe(105);
    rmSync(pdf);
    expect((await s.request('GET', '/printers/office/status', { token })).body).toMatchObject({ online: true });
  });

  it('a queue that does not exist is not accepted, with lp’s reason', async () => {
    const { s, token } = station;
    await s.request('POST', '/printers', {
      token,
      body: { name: 'ghost', driver: 'system', connection: 'NoSuchQueue' },
    });
    const r = await s.request('POST', '/printers/ghost/test', { token });
    expect(r.body.accepted).toBe(false);
    expect(r.body.error).toMatch(/lp -d NoSuchQueue exited/);
  });
});
