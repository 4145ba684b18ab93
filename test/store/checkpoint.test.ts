import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointWhenQuiet, type CheckpointTiming } from '../../core/engines/sqlite/checkpoint.js';
import { openDb, type Db } from '../../core/engines/sqlite/db.js';
import { DB_FILE } from '../../core/platform/paths.js';

/**
 * SQLite's log is copied back into the database when the service pauses, not inside the commit that takes it past
 * 1,000 pages (core/engines/sqlite/checkpoint.ts). What shows a checkpoint from outside: the database file grows
 * only when the log's pages are copied into it.
 */
describe('store: the log is copied back when the service pauses', () => {
  const dirs: string[] = [];
  const open: Db[] = [];
  afterEach(() => {
    for (const db of open.splice(0)) db.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  function store() {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-'));
    dirs.push(dir);
    const file = join(dir, DB_FILE);
    const db = openDb(file, undefined, undefined, 'service');
    open.push(db);
    db.exec('CREATE TABLE scratch (x BLOB)');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const size = () => statSync(file).size;
    /** 6 MB in 60 commits, each begun as a client's operation: 1,500 pages, past SQLite's own 1,000. */
    const burst = (began: () => void) => {
      const insert = db.prepare('INSERT INTO scratch VALUES (randomblob(100000))');
      for (let i = 0; i < 60; i++) {
        began();
        insert.run();
      }
    };
    return { db, size, burst };
  }

  function start(db: Db, timing: CheckpointTiming) {
    let lastBegan = 0;
    const errors: unknown[] = [];
    const c = checkpointWhenQuiet(
      db,
      () => Promise.resolve(),
      () => lastBegan,
      (e) => errors.push(e),
      timing,
    );
    return { began: () => (lastBegan = Date.now()), stop: () => c.stop(), errors };
  }

  it('not inside a stream of commits: once it pauses', async () => {
    const { db, size, burst } = store();
    const c = start(db, { quietMs: 200, mostMs: 60_000, tickMs: 10 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(20_000);
    const before = size();
    burst(c.began);
    // Every page is still in the log: no commit of the burst copied it (SQLite alone would have, at 1,000 pages).
    expect(size()).toBe(before);
    await expect.poll(size, { timeout: 5_000 }).toBeGreaterThan(before + 5_000_000);
    c.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    expect(c.errors).toEqual([]);
  });

  it('while operations never pause, at the latest after `mostMs`', async () => {
    const { db, size, burst } = store();
    const c = start(db, { quietMs: 60_000, mostMs: 300, tickMs: 10 });
    const before = size();
    burst(c.began);
    const busy = setInterval(c.began, 5);
    try {
      await expect.poll(size, { timeout: 5_000 }).toBeGreaterThan(before + 5_000_000);
    } finally {
      clearInterval(busy);
      c.stop();
    }
  });
});
