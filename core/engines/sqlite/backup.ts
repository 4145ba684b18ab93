import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Clock } from '../../platform/clock.js';
import { DB_FILE } from '../../platform/paths.js';
import { APPLICATION_ID, openDb, STORE_VERSION, type Db, type UpgradeNotice } from './db.js';
import { openSqlite } from './sqlite.js';
import { lockStore } from './lock.js';

/**
 * Backups of the store. A copy is made with SQLite's online backup API, which copies a consistent snapshot while
 * the service keeps writing (a plain file copy of a WAL database can tear). A restore replaces the store whole,
 * so it refuses while any process uses the data and checks the file before anything is replaced.
 */
const DAILY_DIR = 'backups';
const DAILY = /^station-(\d{4}-\d{2}-\d{2})\.db$/;
const HOUR_MS = 3_600_000;

/** The name a backup has while it is copied; see `backupTo`. */
export const PARTIAL = '.partial';

/**
 * Copies the open store to `file` (0600, like the store) and returns the number of pages copied. Whole or
 * nothing: the copy is made as `FILE.partial` and renamed when complete; a copy that fails is removed, and one left
 * by a process killed mid-copy is removed by the next backup to the same name (and refused by a restore).
 */
export async function backupTo(db: Db, file: string): Promise<number> {
  const tmp = `${file}${PARTIAL}`;
  const clean = () => {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}-journal`, { force: true });
  };
  clean();
  try {
    const { totalPages } = await db.backup(tmp);
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
    return totalPages;
  } catch (e) {
    clean();
    throw e;
  }
}

/**
 * Says what is wrong with a would-be backup, or returns its store version. Its sidecar files are looked at first:
 * a copy cut short (its process killed) still has its rollback journal beside it, which a read-only connection
 * cannot roll back ("attempt to write a readonly database").
 */
export function checkBackup(file: string): number {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  if (file.endsWith(PARTIAL) || existsSync(`${file}-journal`))
    throw new Error(
      `${file} is an incomplete backup (its copy was interrupted before it finished); restore a complete one`,
    );
  let db: Database.Database;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new Error(`${file} is not a Shipping Station backup: ${(e as Error).message}`, { cause: e });
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const appId = (db.pragma('application_id', { simple: true }) as number) >>> 0;
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged (integrity_check: ${String(check)})`);
    const tables = new Set(
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((t) => t.name),
    );
    const ours = appId === APPLICATION_ID || (appId === 0 && tables.has('shipments') && tables.has('tokens'));
    if (version < 1 || !ours) throw new Error(`${file} is not a Shipping Station backup`);
    if (version > STORE_VERSION)
      throw new Error(
        `${file} was made by a newer version of Shipping Station (store version ${version}; this version knows up to ${STORE_VERSION})`,
      );
    return version;
  } catch (e) {
    if (e instanceof Error && e.message.startsWith(file)) throw e;
    throw new Error(`${file} is not a Shipping Station backup: ${(e as Error).message}`, { cause: e });
  } finally {
    db.close();
  }
}

/**
 * Replaces the store of `dataDir` with the backup `file`, holding the store's lock against every other process
 * (lock.ts): no service and no command may have it open, since their next commit would go to a file that is no
 * longer the store. The store it replaces is kept beside it as `station.db.before-restore`, so that a restore of
 * the wrong file can be undone; `kept` is that file, or null when there was no store.
 */
export async function restoreFrom(
  dataDir: string,
  file: string,
  notice?: UpgradeNotice,
): Promise<{ version: number; kept: string | null }> {
  const target = join(dataDir, DB_FILE);
  const restored = await replaceStore(target, file);
  // A backup from an older version is upgraded now, not at the next start.
  openDb(target, undefined, notice).close();
  return restored;
}

async function replaceStore(target: string, file: string): Promise<{ version: number; kept: string | null }> {
  const lock = lockStore(target, 'replace');
  const incoming = `${target}.restoring`;
  try {
    const version = checkBackup(file);
    const source = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(incoming);
    } finally {
      source.close();
    }
    chmodSync(incoming, 0o600);
    const kept = existsSync(target) ? keepReplaced(target) : null;
    rmSync(`${target}-shm`, { force: true });
    renameSync(incoming, target);
    return { version, kept };
  } finally {
    rmSync(incoming, { force: true });
    rmSync(`${incoming}-journal`, { force: true });
    lock.release();
  }
}

/**
 * Moves the store aside as `<store>.before-restore`. A healthy store has its WAL folded in first, so the kept copy
 * is one file; a damaged one (the reason for many a restore) cannot be opened for that and is moved as it is, its
 * WAL renamed along so that SQLite still finds it beside the kept file.
 */
function keepReplaced(target: string): string {
  const kept = `${target}.before-restore`;
  try {
    const old = openSqlite(target, { fileMustExist: true });
    try {
      old.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      old.close();
    }
  } catch {
    // Damaged: kept as found.
  }
  for (const f of [`${kept}-wal`, `${kept}-shm`]) rmSync(f, { force: true });
  renameSync(target, kept);
  if (existsSync(`${target}-wal`)) renameSync(`${target}-wal`, `${kept}-wal`);
  return kept;
}

/**
 * Daily copies in `<data>/backups/station-YYYY-MM-DD.db` (UTC day), the newest `keep` kept. Checked at start and
 * hourly, so a desk that runs for days or restarts every morning gets one copy a day either way.
 */
export function createDailyBackups(db: Db, dataDir: string, clock: Clock, keep: number) {
  const dir = join(dataDir, DAILY_DIR);
  let running: Promise<string | null> | null = null;

  function prune(): void {
    const days = readdirSync(dir)
      .filter((f) => DAILY.test(f))
      .sort();
    for (const f of days.slice(0, Math.max(0, days.length - keep))) rmSync(join(dir, f), { force: true });
  }

  async function run(): Promise<string | null> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // One service at a time makes these copies (lock.ts): a copy in progress here is one a killed service left.
    for (const f of readdirSync(dir)) if (/\.partial(-journal)?$/.test(f)) rmSync(join(dir, f), { force: true });
    const file = join(dir, `station-${clock.now().toISOString().slice(0, 10)}.db`);
    if (existsSync(file)) return null;
    await backupTo(db, file);
    prune();
    return file;
  }

  return {
    /** Makes today's copy if it is missing; resolves to its path, or null when there was nothing to do. */
    runDue(): Promise<string | null> {
      if (keep <= 0) return Promise.resolve(null);
      running ??= run().finally(() => (running = null));
      return running;
    },
    start(onError: (e: unknown) => void): { stop(): void } {
      const tick = () => void this.runDue().catch(onError);
      tick();
      const timer = setInterval(tick, HOUR_MS);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },
    /**
     * Resolves once no copy is being made: the store closes after it. A service stopped in its first seconds, while
     * the start's copy was still being made, closed the connection under it and never exited.
     */
    settled: async (): Promise<void> => {
      await running?.catch(() => null);
    },
  };
}

/** `STATION_BACKUP_KEEP`: how many daily backups to keep (default 7; 0 turns them off). */
export function backupsToKeep(env: Record<string, string | undefined>): number {
  const raw = env.STATION_BACKUP_KEEP;
  if (raw === undefined || raw === '') return 7;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 3650)
    throw new Error(`STATION_BACKUP_KEEP must be a whole number from 0 to 3650, not ${raw}`);
  return n;
}
