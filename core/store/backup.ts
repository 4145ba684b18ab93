import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import { DB_FILE } from '../paths.js';
import { STORE_VERSION, type Db } from './db.js';

/**
 * Backups of the store. A copy is made with SQLite's online backup API, which copies a consistent snapshot while
 * the service keeps writing (a plain file copy of a WAL database can tear). A restore replaces the store whole,
 * so it refuses while a service runs on the data and checks the file before anything is replaced.
 */
export const SERVICE_PID_FILE = 'station.pid';
const DAILY_DIR = 'backups';
const DAILY = /^station-(\d{4}-\d{2}-\d{2})\.db$/;
const HOUR_MS = 3_600_000;

/** Copies the open store to `file` (0600, like the store) and returns the number of pages copied. */
export async function backupTo(db: Db, file: string): Promise<number> {
  const tmp = `${file}.partial`;
  const { totalPages } = await db.backup(tmp);
  chmodSync(tmp, 0o600);
  // Whole or nothing: the name appears only once the copy is complete.
  renameSync(tmp, file);
  return totalPages;
}

/** Opens a would-be backup read-only and says what is wrong with it, or returns its store version. */
export function checkBackup(file: string): number {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new Error(`${file} is not a Shipping Station backup: ${(e as Error).message}`, { cause: e });
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged (integrity_check: ${String(check)})`);
    const tables = new Set(
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((t) => t.name),
    );
    if (version < 1 || !tables.has('shipments') || !tables.has('tokens'))
      throw new Error(`${file} is not a Shipping Station backup`);
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks the data folder as served by this process (`station serve`, the desktop app) until `release()`, so that a
 * restore can tell. A mark left by a process that died is ignored.
 */
export function markServed(dataDir: string): { release(): void } {
  const file = join(dataDir, SERVICE_PID_FILE);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return {
    release() {
      if (existsSync(file) && Number(readFileSync(file, 'utf8')) === process.pid) rmSync(file, { force: true });
    },
  };
}

export function servedBy(dataDir: string): number | null {
  const file = join(dataDir, SERVICE_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8'));
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/**
 * Replaces the store of `dataDir` with the backup `file`. The store it replaces is kept beside it as
 * `station.db.before-restore`, so that a restore of the wrong file can be undone.
 */
export async function restoreFrom(dataDir: string, file: string): Promise<{ version: number }> {
  const pid = servedBy(dataDir);
  if (pid !== null) throw new Error(`a service (process ${pid}) runs on ${dataDir}; stop it before restoring`);
  const version = checkBackup(file);
  const target = join(dataDir, DB_FILE);
  const incoming = `${target}.restoring`;
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(incoming);
  } finally {
    source.close();
  }
  chmodSync(incoming, 0o600);
  if (existsSync(target)) {
    // Fold the old store's WAL into it so that the kept copy is one complete file.
    const old = new Database(target);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    renameSync(target, `${target}.before-restore`);
  }
  for (const f of [`${target}-wal`, `${target}-shm`]) rmSync(f, { force: true });
  renameSync(incoming, target);
  return { version };
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
