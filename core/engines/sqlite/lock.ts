import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from './sqlite.js';

/**
 * Who uses a SQLite store, told by locks the operating system releases when a process ends, however it ends (a
 * pid file is not a lock: a second service overwrote it, the first one's stop deleted it, and a restore then
 * replaced a store that was still being written).
 *
 * - `command`: any process that opens the store (a `station` command, a test, the service too). Many at once.
 * - `service`: the long-running service (`station serve`, the desktop app): one at a time, beside any commands.
 * - `replace`: `station restore`: no other process at all.
 *
 * The locks are SQLite's own, on a lock database beside the store (`station.db.lock`, one page, written once):
 * SQLite's SHARED, RESERVED and EXCLUSIVE locks are exactly these three levels (SHARED with each other,
 * RESERVED with SHARED but not with another RESERVED, EXCLUSIVE with nothing), and they are byte-range locks of
 * the OS (fcntl on POSIX, LockFileEx on Windows), dropped with the process. better-sqlite3 is already here and
 * SQLite also keeps the locks right between connections of one process (fcntl locks alone are per process), so
 * no native package is added. proper-lockfile was the other candidate; its lock is a folder whose mtime a living
 * holder refreshes, so a stopped (SIGSTOP) or slow process loses it, and a dead one keeps it until it goes stale.
 * The store itself cannot carry these locks: every process opens it in WAL mode, where they mean something else.
 */
export type StoreRole = 'command' | 'service' | 'replace';

export interface StoreLock {
  release(): void;
}

/** A store is in use in a way that does not allow what was asked; the message says by whom and what to do. */
export class StoreBusyError extends Error {
  override name = 'StoreBusyError';
}

/** How long a command or service waits for a restore to finish before giving up. */
const WAIT_FOR_RESTORE_MS = 30_000;

export const lockFileOf = (storeFile: string) => `${storeFile}.lock`;

/** Takes the lock of `role` on the store `storeFile`, or throws StoreBusyError naming who holds it. */
export function lockStore(storeFile: string, role: StoreRole): StoreLock {
  const file = lockFileOf(storeFile);
  closeSync(openSync(file, 'a', 0o600));
  // Nothing is written to the lock database but its first page, once, when it is made: SQLite starts a write
  // transaction on an empty file by making that page, which a full disk would refuse. Made on a connection of its
  // own, which waits for another process making it at the same moment.
  if (statSync(file).size === 0) {
    const maker = openSqlite(file);
    try {
      maker.pragma('journal_mode = OFF');
      maker.pragma('page_size = 512');
      maker.pragma('user_version = 1');
    } catch (e) {
      // A full disk: no empty lock file stays behind.
      if (statSync(file).size === 0) rmSync(file, { force: true });
      throw e;
    } finally {
      maker.close();
    }
  }
  const conn = openSqlite(file, { timeout: role === 'command' ? WAIT_FOR_RESTORE_MS : 0 });
  // No journal: the transactions below only hold locks, they never write.
  conn.pragma('journal_mode = OFF');
  const folder = dirname(storeFile);
  const busy = (e: unknown): boolean => (e as { code?: string }).code === 'SQLITE_BUSY';
  try {
    if (role === 'command') {
      // An open read transaction holds SHARED until it ends; the read is what takes the lock.
      conn.exec('BEGIN');
      conn.prepare('SELECT count(*) FROM sqlite_master').get();
    } else if (role === 'service') {
      conn.exec('BEGIN IMMEDIATE');
    } else {
      takeAll(conn, folder);
    }
  } catch (e) {
    conn.close();
    if (!busy(e)) throw e;
    if (role === 'service')
      throw new StoreBusyError(
        `another Shipping Station service (station serve or the desktop app) is running on ${folder}; ` +
          'stop it first, or give this one another data folder (--data DIR)',
      );
    throw new StoreBusyError(`${folder} is being restored (station restore); try again when it has finished`);
  }
  return {
    release() {
      if (conn.open) conn.close();
    },
  };
}

/** EXCLUSIVE, or a message naming who is in the way: a service, or a command that is still running. */
function takeAll(conn: Database.Database, folder: string): void {
  try {
    conn.exec('BEGIN IMMEDIATE');
  } catch (e) {
    if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
    throw new StoreBusyError(
      `a Shipping Station service (station serve or the desktop app) is running on ${folder}; stop it before restoring`,
    );
  }
  conn.exec('ROLLBACK');
  try {
    conn.exec('BEGIN EXCLUSIVE');
  } catch (e) {
    if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
    throw new StoreBusyError(`a station command is using ${folder}; let it finish, then restore`);
  }
}
