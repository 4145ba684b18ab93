/**
 * A write failed because the disk (or the user's quota) is full: SQLite's SQLITE_FULL, or SQLITE_IOERR_SHMSIZE
 * (its shared index, `-shm`, could not grow: what opening a store in WAL mode meets on a full disk), or
 * ENOSPC/EDQUOT from a file write (label PDFs, printouts, backups). Nothing was stored; the same write succeeds
 * once space returns, so the service says so (507 storage_full) instead of calling it a bug.
 */
export function isStorageFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_SHMSIZE' || code === 'ENOSPC' || code === 'EDQUOT';
}
