import { storeServices } from '../helpers/fixtures.js';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { createDailyBackups } from '../../core/engines/sqlite/backup.js';
import { STORE_VERSION } from '../../core/engines/sqlite/db.js';
import { station, startStation, type Station } from '../helpers/station.js';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';
import { codesIn } from '../helpers/store.js';

describe('station backup and restore (station serve under write load)', () => {
  let s: Station;
  let token: string;
  let out: string;
  beforeAll(async () => {
    s = await startStation({ env: { STATION_BACKUP_KEEP: '0' } });
    token = (await directAccount(s, 'acme', ['shipments.write', 'shipments.read'])).token;
    out = mkdtempSync(join(tmpdir(), 'backup-'));
  });
  afterAll(async () => {
    await s.stop();
    rmSync(out, { recursive: true, force: true });
  });

  it('copies a consistent store while creates keep coming, holding every shipment acknowledged before it started', async () => {
    const acked: string[] = [];
    let writing = true;
    // Four clients creating as fast as they can until the backup is done (bounded, in case it never is).
    const writers = Array.from({ length: 4 }, async () => {
      for (let i = 0; writing && i < 3000; i++) {
        const r = await s.request('POST', '/shipments', { token, body: shipmentBody() });
        expect(r.status).toBe(201);
        acked.push(r.body.code);
      }
    });
    while (acked.length < 50) await new Promise((r) => setTimeout(r, 5));
    const before = [...acked];
    const file = join(out, 'copy.db');
    const r = await s.cli(['backup', file]);
    writing = false;
    await Promise.all(writers);
    expect(r.code, r.stderr).toBe(0);
    expect(acked.length).toBeGreaterThan(before.length);
    const copied = codesIn(file);
    expect(before.filter((c) => !copied.has(c))).toEqual([]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses to restore while the service runs on the data, and checks the file before replacing anything', async () => {
    const file = join(out, 'copy.db');
    const running = await s.cli(['restore', file]);
    expect(running.code).not.toBe(0);
    expect(running.stderr).toMatch(
      /a Shipping Station service \(station serve or the desktop app\) is running on .*; stop it before restoring/,
    );

    const junk = join(out, 'junk.db');
    writeFileSync(junk, 'not a database at all, just text '.repeat(200));
    const other = mkdtempSync(join(tmpdir(), 'station-'));
    try {
      const bad = await station(['restore', junk, '--data', other]);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toMatch(/is not a Shipping Station backup/);
      const newer = join(out, 'newer.db');
      const db = new Database(newer);
      db.exec('CREATE TABLE shipments (id INTEGER); CREATE TABLE tokens (id INTEGER);');
      db.pragma(`user_version = ${STORE_VERSION + 1}`);
      db.close();
      const ahead = await station(['restore', newer, '--data', other]);
      expect(ahead.stderr).toMatch(/newer version/);
      expect(existsSync(join(other, 'station.db'))).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('restores a backup once the service has stopped, keeping the replaced store', async () => {
    const file = join(out, 'copy.db');
    const expected = codesIn(file);
    const data = mkdtempSync(join(tmpdir(), 'station-'));
    try {
      const made = await storeServices(data);
      await made.services.auth.createAccount('someone-else');
      await made.close();
      const r = await station(['restore', file, '--data', data]);
      expect(r.code, r.stderr).toBe(0);
      expect(codesIn(join(data, 'station.db'))).toEqual(expected);
      expect(existsSync(join(data, 'station.db.before-restore'))).toBe(true);
      const list = await station(['account', 'list', '--data', data]);
      expect(list.stdout).toMatch(/acme/);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('automatic daily backups', () => {
  it('makes one copy a day in the data folder and keeps the newest N', async () => {
    const data = mkdtempSync(join(tmpdir(), 'station-'));
    const clock = fixedClock(new Date('2026-03-01T09:00:00Z'));
    const core = await storeServices(data);
    try {
      await core.services.auth.createAccount('acme');
      const daily = createDailyBackups(core.engine.db, data, clock, 2);
      expect(await daily.runDue()).toBe(join(data, 'backups', 'station-2026-03-01.db'));
      expect(await daily.runDue()).toBeNull();
      for (const day of ['2026-03-02', '2026-03-03', '2026-03-04']) {
        clock.set(new Date(`${day}T09:00:00Z`));
        await daily.runDue();
      }
      expect(readdirSync(join(data, 'backups')).sort()).toEqual(['station-2026-03-03.db', 'station-2026-03-04.db']);
      const copy = new Database(join(data, 'backups', 'station-2026-03-04.db'), { readonly: true });
      expect(copy.prepare('SELECT name FROM accounts').all()).toEqual([{ name: 'acme' }]);
      copy.close();
      expect(await createDailyBackups(core.engine.db, data, clock, 0).runDue()).toBeNull();
    } finally {
      await core.close();
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('are made by the running service from its start (STATION_BACKUP_KEEP)', async () => {
    const s = await startStation({ env: { STATION_BACKUP_KEEP: '3' } });
    try {
      const dir = join(s.dataDir, 'backups');
      for (let i = 0; i < 200 && !(existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.db'))); i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(readdirSync(dir).filter((f) => /^station-\d{4}-\d{2}-\d{2}\.db$/.test(f))).toHaveLength(1);
    } finally {
      await s.stop();
    }
  });
});
