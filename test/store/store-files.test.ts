import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeServices } from '../helpers/fixtures.js';
import { APPLICATION_ID, openDb, STORE_VERSION } from '../../core/engines/sqlite/db.js';
import { ALL_PERMISSIONS, startStation, station } from '../helpers/station.js';
import { admin, createShipment } from '../http/fixtures.js';

const mode = (p: string) => statSync(p).mode & 0o777;
const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'station-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('the store on disk', () => {
  it('keeps the data folder 0700 and the database with its WAL and SHM 0600, whatever the umask', async () => {
    const data = join(fresh(), 'data');
    const old = process.umask(0o022);
    try {
      const core = await storeServices(data);
      await core.services.auth.createAccount('acme');
      const names = readdirSync(data).filter((f) => f.startsWith('station.db'));
      expect(names.sort()).toEqual(['station.db', 'station.db-shm', 'station.db-wal', 'station.db.lock']);
      expect(mode(data)).toBe(0o700);
      for (const f of names) expect(mode(join(data, f)), f).toBe(0o600);
      await core.close();
    } finally {
      process.umask(old);
    }
  });

  it('narrows a store an older version left readable by others', () => {
    const data = fresh();
    chmodSync(data, 0o755);
    const file = join(data, 'station.db');
    new Database(file).close();
    chmodSync(file, 0o644);
    openDb(file).close();
    expect(mode(data)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it('commits with synchronous=FULL, so an acknowledged create survives a power cut', () => {
    const db = openDb(join(fresh(), 'station.db'));
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });

  it('refuses a store written by a newer version, saying so, and leaves it untouched', async () => {
    const data = fresh();
    mkdirSync(data, { recursive: true });
    const file = join(data, 'station.db');
    const db = new Database(file);
    db.pragma(`user_version = ${STORE_VERSION + 1}`);
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.close();
    expect(() => openDb(file)).toThrow(
      /written by a newer version of Shipping Station \(store version \d+; this version knows up to \d+\)/,
    );
    const r = await station(['account', 'list', '--data', data]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/newer version/);
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(STORE_VERSION + 1);
    expect(after.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get()).toEqual({ n: 0 });
    after.close();
  });

  it('writes no temporary file outside its data folder while creates stream in (copies of shipments)', async () => {
    // SQLite puts its temporary files in SQLITE_TMPDIR: a folder of the test's own, watched for any file made there.
    const temp = fresh();
    const made: string[] = [];
    const watcher = watch(temp, (_event, name) => made.push(String(name)));
    const s = await startStation({ env: { SQLITE_TMPDIR: temp } });
    try {
      const a = await admin(s);
      const { token } = await a.token(await a.account('acme'), ALL_PERMISSIONS);
      await a.close();
      // Eight clients at once: the group commit writes their creates together, each in a savepoint of its own.
      let left = 240;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (left-- > 0) await createShipment(s, token);
        }),
      );
    } finally {
      await s.stop();
      watcher.close();
    }
    expect(made).toEqual([]);
  });
});
