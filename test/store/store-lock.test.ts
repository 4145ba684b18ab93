import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, station, startStation, type Station } from '../helpers/station.js';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';
import { codesIn } from '../helpers/store.js';

/**
 * Issue 18, case 1: a pid file is not a lock. Two services were started on one folder, the second's stop deleted
 * the pid file while the first still ran, and a restore then replaced the store under it: the first service's
 * next acknowledged create was in neither the restored store nor the kept one. Every process that opens the
 * store now holds a lock the OS releases with the process (core/engines/sqlite/lock.ts).
 */
const dirs: string[] = [];
const stations: Station[] = [];
const holders: ChildProcess[] = [];
afterEach(async () => {
  for (const h of holders.splice(0)) h.kill('SIGKILL');
  for (const s of stations.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'station-lock-'));
  dirs.push(d);
  return d;
};
const serve = async (dataDir: string) => {
  const s = await startStation({ dataDir, env: { STATION_BACKUP_KEEP: '0' } });
  stations.push(s);
  return s;
};

/** Another process that has the store open as a `station` command does, until it is killed. */
async function commandHolding(dataDir: string): Promise<ChildProcess> {
  const script =
    `const { openDb } = await import(${JSON.stringify(join(ROOT, 'dist/core/engines/sqlite/db.js'))});` +
    `openDb(${JSON.stringify(join(dataDir, 'station.db'))}); console.log('open'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  holders.push(child);
  await new Promise<void>((res, rej) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('open') && res());
    child.on('exit', (code) => rej(new Error(`holder exited with ${code}`)));
  });
  return child;
}

// Each test starts two to four processes of the station one after another: a few seconds on a quiet machine, past
// the usual 30 s when the machine is loaded (a CI run beside other suites).
describe('the store lock', { timeout: 90_000 }, () => {
  it('refuses a second service on the same data, and a restore while the first one runs, however the other stopped', async () => {
    const data = fresh();
    const first = await serve(data);
    const { token } = await directAccount(first, 'acme', ['shipments.write', 'shipments.read']);
    const second = await station(['serve', '--port', '0', '--data', data]);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toMatch(
      /another Shipping Station service \(station serve or the desktop app\) is running on .*; stop it first/,
    );
    // The first one is unaffected, and a restore is refused while it runs.
    const before = await first.request('POST', '/shipments', { token, body: shipmentBody() });
    expect(before.status).toBe(201);
    const backup = join(data, '..', `${data.split('/').pop()}-copy.db`);
    dirs.push(backup);
    expect((await first.cli(['backup', backup])).code).toBe(0);
    const refused = await first.cli(['restore', backup]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/is running on .*; stop it before restoring/);
    expect(readdirSync(data).filter((f) => f.includes('restor'))).toEqual([]);
    const after = await first.request('POST', '/shipments', { token, body: shipmentBody() });
    expect(after.status).toBe(201);
    expect(codesIn(join(data, 'station.db'))).toContain(after.body.code);
  });

  it('is released by the OS when the service is killed: the restore then keeps every acknowledged shipment', async () => {
    const data = fresh();
    const s = await serve(data);
    const { token } = await directAccount(s, 'acme', ['shipments.write']);
    const backup = join(fresh(), 'good.db');
    expect((await s.cli(['backup', backup])).code).toBe(0);
    const acked: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await s.request('POST', '/shipments', { token, body: shipmentBody() });
      expect(r.status).toBe(201);
      acked.push(r.body.code);
    }
    process.kill(s.pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    const restored = await station(['restore', backup, '--data', data]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/the replaced store is .*station\.db\.before-restore/);
    const kept = codesIn(join(data, 'station.db.before-restore'));
    expect(acked.filter((c) => !kept.has(c))).toEqual([]);
    // The service starts again on the restored store.
    await serve(data);
  });

  it('refuses a restore while a command has the store open, and lets commands run beside the service', async () => {
    const data = fresh();
    const s = await serve(data);
    expect((await s.cli(['account', 'create', 'beside'])).code).toBe(0);
    const backup = join(fresh(), 'good.db');
    expect((await s.cli(['backup', backup])).code).toBe(0);
    await s.stop();
    stations.splice(0);
    const holder = await commandHolding(data);
    const refused = await station(['restore', backup, '--data', data]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/a station command is using .*; let it finish, then restore/);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const ok = await station(['restore', backup, '--data', data]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(existsSync(join(data, 'station.db.restoring'))).toBe(false);
  });

  it('lets several commands open a new data folder at the same moment (the first migration does not race)', async () => {
    const data = join(fresh(), 'new');
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => station(['account', 'create', `desk-${i}`, '--data', data])),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const db = new Database(join(data, 'station.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM accounts').get()).toEqual({ n: 6 });
      expect(db.prepare('SELECT count(*) AS n FROM rate_cards').get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
    expect(readdirSync(join(data, 'keys')).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });
});
