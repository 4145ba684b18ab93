import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from './sqlite.js';
import { migrations as defaultMigrations, type Migration } from './migrations/index.js';
import { isStorageFull } from './errors.js';
import { lockStore, type StoreLock, type StoreRole } from './lock.js';

export type Db = Database.Database;

/** Told before an existing store is upgraded: a large one can take minutes, and whoever waits should know why. */
export type UpgradeNotice = (message: string) => void;

/** The store's format version this build writes: the newest migration. */
export const STORE_VERSION = Math.max(...defaultMigrations.map((m) => m.version));

/**
 * SQLite's `application_id` of a Shipping Station store ('SSTN'), in its file header: another application's SQLite
 * file at `station.db` is told from ours before anything writes to it. Stores made before it existed have 0 and are
 * recognised by their tables; the first open that may write stamps them.
 */
export const APPLICATION_ID = 0x5353544e;

/** The store cannot be used as it is (not ours, newer, read-only, damaged); the message names the file and what to do. */
export class StoreRefusedError extends Error {
  override name = 'StoreRefusedError';
}

/**
 * Opens (and creates) the store, after making sure it is ours to write:
 * 1. the folder and the file may be written (a store the user made read-only is refused, its modes left alone);
 * 2. the file is identified read-only (application_id, version, tables): another application's file, a newer
 *    store or a damaged one is refused untouched;
 * 3. the process takes its lock of `role` (lock.ts), so that a restore never replaces a store in use;
 * 4. only then WAL, the settings, and the migrations, each checking the version inside its write transaction.
 * WAL lets `station` commands read and write while `serve` runs on the same file; busy_timeout makes such a
 * concurrent writer wait instead of failing.
 */
export function openDb(
  file: string,
  migrations: Migration[] = defaultMigrations,
  notice?: UpgradeNotice,
  role: StoreRole = 'command',
): Db {
  const newest = Math.max(0, ...migrations.map((m) => m.version));
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  refuseReadOnly(file);
  identify(file, newest);
  let lock: StoreLock;
  try {
    lock = lockStore(file, role);
  } catch (e) {
    throw isStorageFull(e) ? diskFull(file) : e;
  }
  let db: Db;
  try {
    ownerOnly(file);
    db = openSqlite(file);
  } catch (e) {
    lock.release();
    throw e;
  }
  // The lock lives as long as the connection: closing the store releases it.
  const close = db.close.bind(db);
  db.close = () => {
    close();
    lock.release();
    return db;
  };
  try {
    // First, so that the switch to WAL of a new store waits for another process creating it at the same moment.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    // FULL: a create is acknowledged (and its label may print) only once it survives a power cut; see
    // docs/durability.md for the measurement that made this cheap enough.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // A broad search touches thousands of rows scattered through the file; SQLite's default 2 MB page cache
    // re-reads them from the OS on every query. 64 MB of cache and a memory map keep a desk's store hot.
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 268435456');
    // The group commit's savepoints (group-commit.ts) keep each create's undo pages in a sub-journal, which spilled to
    // a temporary file in /var/tmp past 64 KB: 2,500 files opened, written and deleted over 19,000 creates, a fifth of
    // a create's CPU with a webhook subscribed (its outbox row is three more pages), and copies of shipments' pages
    // on a disk outside the data folder. In memory they are a few pages per create, gone at its commit.
    db.pragma('temp_store = MEMORY');
    migrate(db, migrations, notice);
  } catch (e) {
    if (db.open) db.close();
    throw isStorageFull(e) ? diskFull(file) : e;
  }
  return db;
}

function diskFull(file: string): StoreRefusedError {
  return new StoreRefusedError(
    `the disk holding ${file} is full: the store cannot be opened (SQLite needs room for its write-ahead log ` +
      'and its shared index). Free some space on it, then start again',
  );
}

/**
 * The store holds names, phones and addresses: its folder is the user's alone (0700) and so are its files (0600).
 * SQLite gives the -wal and -shm files the mode of the database file, so creating that one 0600 covers all three;
 * a store an older version left readable by others is narrowed. Modes are only ever narrowed, never widened: a
 * store without write permission was refused before.
 */
function ownerOnly(file: string): void {
  const narrow = (p: string, most: number) => {
    const mode = statSync(p).mode & 0o777;
    if (mode & ~most) chmodSync(p, mode & most);
  };
  narrow(dirname(file), 0o700);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.lock`]) if (existsSync(f)) narrow(f, 0o600);
}

/**
 * A folder or file the station may not write, or that its owner took the write permission from (also when this
 * process, as root, could write anyway): someone made it read-only on purpose, and the station says so instead of
 * resetting its modes.
 */
function refuseReadOnly(file: string): void {
  const check = (path: string, what: string, fix: string) => {
    const st = statSync(path);
    let writable = (st.mode & 0o200) !== 0;
    try {
      accessSync(path, constants.W_OK);
    } catch {
      writable = false;
    }
    if (!writable)
      throw new StoreRefusedError(
        `${path} is read-only (${what}, mode ${(st.mode & 0o777).toString(8).padStart(4, '0')}); the station must write ` +
          `its store there. ${fix}`,
      );
  };
  check(
    dirname(file),
    'its folder',
    `Give the folder back its write permission (chmod 700 ${dirname(file)}), or use another --data folder.`,
  );
  if (existsSync(file))
    check(
      file,
      'the store',
      `Give it back its write permission (chmod 600 ${file}), or copy it to another --data folder.`,
    );
}

const SQLITE_MAGIC = 'SQLite format 3\0';

/** The first 100 bytes of the file: SQLite's header. */
function header(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(100);
    return buf.subarray(0, readSync(fd, buf, 0, 100, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Says whether `file` is a store this version may open, without writing to it: an empty or missing file is a new
 * store; a SQLite file is ours by its application_id, or, from before it was set, by its tables. The header is read
 * first; SQLite is asked (read-only) only when the header cannot tell, e.g. an id still in the WAL.
 */
function identify(file: string, newest: number): void {
  if (!existsSync(file) || statSync(file).size === 0) return;
  const head = header(file);
  const fix =
    'Point --data at the station’s own folder, or move this file away and restore a backup (station restore FILE).';
  if (head.length < 100 || head.toString('latin1', 0, 16) !== SQLITE_MAGIC)
    throw new StoreRefusedError(`${file} is not a Shipping Station store (not a SQLite database, or damaged). ${fix}`);
  const appId = head.readUInt32BE(68);
  if (appId !== 0 && appId !== APPLICATION_ID)
    throw new StoreRefusedError(
      `${file} belongs to another application (SQLite application_id 0x${appId.toString(16)}), not Shipping Station. ${fix}`,
    );
  let version = head.readUInt32BE(60);
  if (appId === APPLICATION_ID && version > newest) throw newerStore(file, version, newest);
  if (appId === APPLICATION_ID) return;
  const seen = readOnlyLook(file);
  if (seen.appId !== 0 && seen.appId !== APPLICATION_ID)
    throw new StoreRefusedError(
      `${file} belongs to another application (SQLite application_id 0x${seen.appId.toString(16)}), not Shipping Station. ${fix}`,
    );
  version = seen.version;
  if (version > newest && (seen.appId === APPLICATION_ID || seen.ours)) throw newerStore(file, version, newest);
  if (seen.appId === APPLICATION_ID || (seen.ours && version >= 1) || seen.empty) return;
  throw new StoreRefusedError(
    `${file} is not a Shipping Station store (a SQLite database of ${seen.tables} tables, version ${version}, that this ` +
      `station did not make). ${fix}`,
  );
}

function newerStore(file: string, version: number, newest: number): StoreRefusedError {
  return new StoreRefusedError(
    `${file} was written by a newer version of Shipping Station (store version ${version}; this version knows up to ` +
      `${newest}). Run the newer version, or restore a backup made by this one (station restore FILE).`,
  );
}

/**
 * Reads the identity of a SQLite file through SQLite, read-only. A file in rollback-journal mode (any other
 * application's usual mode) is only read: nothing is made beside it. A file in WAL mode is read through its WAL,
 * where a store another process is creating keeps its tables and version until a checkpoint; the read-only
 * connection may leave the -wal and -shm files beside it, which are never removed here: another process may have
 * made them meanwhile and be writing through them.
 */
function readOnlyLook(file: string): { appId: number; version: number; tables: number; ours: boolean; empty: boolean } {
  let db: Db | null = null;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
    const names = new Set(
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((t) => t.name),
    );
    const version = db.pragma('user_version', { simple: true }) as number;
    return {
      appId: (db.pragma('application_id', { simple: true }) as number) >>> 0,
      version,
      tables: names.size,
      ours: ['accounts', 'tokens', 'shipments', 'events'].every((t) => names.has(t)),
      empty: names.size === 0 && version === 0,
    };
  } catch (e) {
    throw new StoreRefusedError(
      `${file} cannot be read as a Shipping Station store (${(e as Error).message}): it is damaged or not the ` +
        'station’s. Restore a backup (station restore FILE).',
    );
  } finally {
    db?.close();
  }
}

/**
 * Applies the pending migrations. Each runs in its own write transaction that reads the version again first: two
 * processes opening a new folder at the same moment both see version 0, and the second must not apply the first
 * migration again.
 */
export function migrate(db: Db, migrations: Migration[], notice?: UpgradeNotice): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const newest = Math.max(0, ...migrations.map((m) => m.version));
  // Opening a newer store would run old code over a schema it does not know: refuse before touching it.
  if (current > newest) {
    db.close();
    throw newerStore(db.name, current, newest);
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
      if ((db.pragma('user_version', { simple: true }) as number) >= m.version) return;
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  if (newest > 0 && (db.pragma('application_id', { simple: true }) as number) >>> 0 !== APPLICATION_ID)
    db.transaction(() => db.pragma(`application_id = ${APPLICATION_ID}`)).immediate();
}

/** Runs `fn` in one write transaction; BEGIN IMMEDIATE so that two writers never deadlock on upgrade. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
