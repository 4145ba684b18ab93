import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations as defaultMigrations, type Migration } from './migrations/index.js';

export type Db = Database.Database;

/**
 * Opens (and creates) the store. WAL lets `station` commands read and write while `serve` runs on the same
 * file; busy_timeout makes such a concurrent writer wait instead of failing.
 */
/** Told before an existing store is upgraded: a large one can take minutes, and whoever waits should know why. */
export type UpgradeNotice = (message: string) => void;

/**
 * The store holds names, phones and addresses: its folder is the user's alone (0700) and so are its files (0600).
 * SQLite gives the -wal and -shm files the mode of the database file, so creating that one 0600 covers all three;
 * a store made by an older version is narrowed on open.
 */
function ownerOnly(file: string): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}

/** The store's format version this build writes: the newest migration. */
export const STORE_VERSION = Math.max(...defaultMigrations.map((m) => m.version));

export interface OpenOptions {
  /**
   * The compiled better-sqlite3 addon to load instead of the one in node_modules: the desktop app's, built for
   * Electron's ABI (electron/setup/sqlite-binding.ts), while node_modules keeps the Node build `station serve` uses.
   */
  nativeBinding?: string;
}

export function openDb(
  file: string,
  migrations: Migration[] = defaultMigrations,
  notice?: UpgradeNotice,
  { nativeBinding }: OpenOptions = {},
): Db {
  ownerOnly(file);
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  // FULL: a create is acknowledged (and its label may print) only once it survives a power cut; see README
  // "Durability" for the measurement that made this cheap enough.
  db.pragma('synchronous = FULL');
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
  const newest = Math.max(0, ...migrations.map((m) => m.version));
  // Opening a newer store would run old code over a schema it does not know: refuse before touching it.
  if (current > newest) {
    db.close();
    throw new Error(
      `${db.name} was written by a newer version of Shipping Station (store version ${current}; this version knows up to ` +
        `${newest}). Run the newer version, or restore a backup made by this one (station restore FILE).`,
    );
  }
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
