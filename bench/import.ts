/**
 * `npm run bench -- import`: 10,000 orders of a Tiendanube export (Windows-1252, `;`, a row per product) imported
 * through `POST /v1/shipments/import` of a real `station serve`, on a fresh store: the time from sending the file to
 * the answer, the CPU time the service spent on it, and its peak memory (VmHWM) before and after. Then the same file again (every order
 * skipped), and a dry run. The goal: 10,000 orders in at most 5 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { storeServices } from '../test/helpers/fixtures.js';
import { encode, someOrders, tiendanube } from '../test/imports/exports.js';
import type { BenchSuite } from './run.js';

const ORDERS = Number(process.env.BENCH_IMPORT_ORDERS ?? 10_000);

/** The process's peak resident memory so far, in MiB (Linux). */
function peakMiB(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The CPU time the process has used so far, in seconds (Linux: utime + stime of /proc/PID/stat, 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function serve(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [resolve('bin/station.js'), 'serve', '--port', '0', '--data', dataDir], {
    env: { ...process.env, STATION_RATE_LIMIT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((res, rej) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) res(m[1]!);
    });
    child.once('exit', (code) => rej(new Error(`station exited with ${code}`)));
  });
  return { child, url };
}

export const importSuite: BenchSuite = {
  name: 'import',
  async run() {
    const dataDir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'bench-import-'));
    // An account, its token and a preset, written before the service starts.
    const setup = await storeServices(dataDir);
    const account = (await setup.services.auth.createAccount('bench')).id;
    const { token } = await setup.services.auth.createToken({
      account,
      name: 'bench',
      permissions: ['shipments.read', 'shipments.write'],
    });
    await setup.services.presets.create(account, {
      name: 'Caja',
      key: 'm',
      length: 40,
      width: 30,
      height: 20,
      weight: 1,
    });
    await setup.close();

    const orders = someOrders('B', ORDERS);
    const bytes = encode(tiendanube(orders), 'windows-1252');
    const body = JSON.stringify({ text: bytes.toString('base64'), encoding: 'base64', format: 'csv', preset: 'm' });
    const lines = bytes.toString('latin1').split('\r\n').length - 2;
    console.log(
      `file: ${ORDERS.toLocaleString('en')} orders, ${lines.toLocaleString('en')} rows, ` +
        `${(bytes.length / 1024 / 1024).toFixed(1)} MiB (request ${(body.length / 1024 / 1024).toFixed(1)} MiB)`,
    );

    const { child, url } = await serve(dataDir);
    try {
      const send = async (label: string, extra: object = {}) => {
        const before = peakMiB(child.pid!);
        const cpuBefore = cpuSeconds(child.pid!);
        const started = performance.now();
        const res = await fetch(`${url}/shipments/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: Object.keys(extra).length ? JSON.stringify({ ...JSON.parse(body), ...extra }) : body,
        });
        const answer = (await res.json()) as { created?: unknown[]; skipped?: unknown[]; detail?: string };
        const seconds = (performance.now() - started) / 1000;
        if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${answer.detail}`);
        // The CPU time the service spent, beside the wall-clock time: on a machine shared with other work the
        // wall clock measures the neighbours too.
        console.log(
          `${label.padEnd(10)} ${seconds.toFixed(2)} s (${(ORDERS / seconds).toFixed(0)} orders/s), service CPU ` +
            `${(cpuSeconds(child.pid!) - cpuBefore).toFixed(2)} s: ${answer.created!.length} created, ` +
            `${answer.skipped!.length} skipped; service peak memory ${before.toFixed(0)} → ` +
            `${peakMiB(child.pid!).toFixed(0)} MiB`,
        );
      };
      await send('import');
      await send('again');
      await send('dry run', { dry_run: true });
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
