import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APPLICATION_ID, STORE_VERSION } from '../../core/engines/sqlite/db.js';
import { station } from '../helpers/station.js';

/**
 * Issue 18, case 4: files the station must not touch were changed. Another application's SQLite file at
 * station.db got 25 tables; a newer store was switched to WAL before its version was checked; a store made
 * read-only had its modes reset and was written. The store is now identified (application_id, version, tables)
 * and checked for write permission before anything writes to it.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) {
    chmodSync(d, 0o700);
    rmSync(d, { recursive: true, force: true });
  }
});
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'station-identity-'));
  dirs.push(d);
  return d;
};
/** Everything about a folder a command could change: names, modes and contents. */
const snapshot = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((f) => {
      const p = join(dir, f);
      const st = statSync(p);
      const content = st.isDirectory() ? 'folder' : createHash('sha256').update(readFileSync(p)).digest('hex');
      return `${f} ${(st.mode & 0o777).toString(8)} ${content}`;
    });

describe.skipIf(process.platform === 'win32')('a store the station did not make, or may not write', () => {
  it("refuses another application's SQLite file untouched, naming the file and what to do", async () => {
    const data = fresh();
    const file = join(data, 'station.db');
    const other = new Database(file);
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES (1);');
    other.close();
    const before = snapshot(data);
    const r = await station(['account', 'list', '--data', data]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`${file} is not a Shipping Station store`);
    expect(r.stderr).toMatch(/Point --data at the station’s own folder/);
    expect(snapshot(data)).toEqual(before);

    const tagged = new Database(file);
    tagged.pragma('application_id = 1234567');
    tagged.close();
    const stamped = snapshot(data);
    const again = await station(['serve', '--port', '0', '--data', data]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`${file} belongs to another application (SQLite application_id 0x12d687)`);
    expect(snapshot(data)).toEqual(stamped);
  });

  it('refuses a newer store before switching it to WAL or anything else', async () => {
    const data = fresh();
    const file = join(data, 'station.db');
    const newer = new Database(file);
    newer.exec('CREATE TABLE shipments (id INTEGER); CREATE TABLE tokens (id INTEGER);');
    newer.pragma(`user_version = ${STORE_VERSION + 1}`);
    newer.pragma(`application_id = ${APPLICATION_ID}`);
    newer.close();
    const before = snapshot(data);
    const r = await station(['account', 'list', '--data', data]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/station\.db was written by a newer version of Shipping Station/);
    expect(snapshot(data)).toEqual(before);
    // Still in rollback-journal mode: the header's read/write versions are 1, WAL would make them 2.
    expect([...readFileSync(file).subarray(18, 20)]).toEqual([1, 1]);
  });

  it('refuses a store made read-only, or in a read-only folder, leaving modes and contents as they are', async () => {
    const data = fresh();
    const made = await station(['account', 'create', 'acme', '--data', data]);
    expect(made.code, made.stderr).toBe(0);
    const file = join(data, 'station.db');
    chmodSync(file, 0o400);
    const before = snapshot(data);
    const r = await station(['account', 'create', 'other', '--data', data]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`${file} is read-only (the store, mode 0400)`);
    expect(r.stderr).toContain(`chmod 600 ${file}`);
    expect(snapshot(data)).toEqual(before);

    chmodSync(file, 0o600);
    chmodSync(data, 0o500);
    const inFolder = await station(['serve', '--port', '0', '--data', data]);
    expect(inFolder.code).not.toBe(0);
    expect(inFolder.stderr).toContain(`${data} is read-only (its folder, mode 0500)`);
    expect(statSync(data).mode & 0o777).toBe(0o500);
    chmodSync(data, 0o700);
    const list = await station(['account', 'list', '--data', data]);
    expect(list.stdout).toMatch(/acme/);
    expect(list.stdout).not.toMatch(/other/);
  });

  it('opens a store made before application_id existed, and stamps it', async () => {
    const data = fresh();
    expect((await station(['account', 'create', 'acme', '--data', data])).code).toBe(0);
    const file = join(data, 'station.db');
    const db = new Database(file);
    db.pragma('application_id = 0');
    db.close();
    const r = await station(['account', 'list', '--data', data]);
    expect(r.code, r.stderr).toBe(0);
    const after = new Database(file, { readonly: true });
    expect(after.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    after.close();
  });
});
