import Database from 'better-sqlite3';
import { migrations as defaultMigrations, type Migration } from './migrations/index.js';

export type Db = Database.Database;

/**
 * Opens (and creates) the store. WAL lets `station` commands read and write while `serve` runs on the same
 * file; busy_timeout makes such a concurrent writer wait instead of failing.
 */
/** Told before an existing store is upgraded: a large one can take minutes, and whoever waits should know why. */
export type UpgradeNotice = (message: string) => void;

export function openDb(file: string, migrations: Migration[] = defaultMigrations, notice?: UpgradeNotice): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A broad search touches thousands of rows scattered through the file; SQLite's default 2 MB page cache
  // re-reads them from the OS on every query. 64 MB of cache and a memory map keep a desk's store hot.
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  migrate(db, migrations, notice);
  return db;
}

export function migrate(db: Db, migrations: Migration[], notice?: UpgradeNotice): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = migrations.filter((m) => m.version > current).sort((a, b) => a.version - b.version);
  // A new store (version 0) is created in moments; only an upgrade rebuilds data.
  if (current > 0 && pending.length > 0)
    notice?.(
      `upgrading the store from version ${current} to ${pending.at(-1)!.version} (${pending.map((m) => m.name).join(', ')}); ` +
        'a large store can take a few minutes',
    );
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}

/** Runs `fn` in one write transaction; BEGIN IMMEDIATE so that two writers never deadlock on upgrade. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
