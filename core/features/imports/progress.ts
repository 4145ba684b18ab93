import type { ImportProgressT } from './schemas.js';

/** How long a finished import's progress can still be read. */
const KEPT_MS = 10 * 60_000;

/**
 * Where each running import stands, in memory: an import is one request, and the desk that sent it asks meanwhile
 * (with the `import_id` it chose) how far it got. Nothing here needs to outlive the process.
 */
export function createImportProgress() {
  const running = new Map<string, ImportProgressT & { account: number; ends?: number }>();
  const key = (account: number, id: string) => `${account}/${id}`;

  function sweep(now: number): void {
    for (const [k, p] of running) if (p.ends !== undefined && p.ends < now) running.delete(k);
  }

  return {
    /** A progress to update as the import goes; a no-op when the caller chose no id. */
    start(account: number, importId: string | undefined) {
      sweep(Date.now());
      if (importId === undefined) return (_: Partial<ImportProgressT>) => undefined;
      const p = {
        account,
        import_id: importId,
        phase: 'reading' as ImportProgressT['phase'],
        orders: 0,
        checked: 0,
        created: 0,
        skipped: 0,
        errors: 0,
      };
      running.set(key(account, importId), p);
      return (change: Partial<ImportProgressT>) => {
        Object.assign(p, change);
        if (p.phase === 'done' || p.phase === 'refused' || p.phase === 'failed')
          (p as { ends?: number }).ends = Date.now() + KEPT_MS;
      };
    },
    /** The account's import of that id, if it runs or ended less than ten minutes ago. */
    get(account: number, importId: string): ImportProgressT | undefined {
      const p = running.get(key(account, importId));
      if (!p) return undefined;
      const { account: _a, ends: _e, ...view } = p;
      return view;
    },
  };
}

export type ImportProgressRegistry = ReturnType<typeof createImportProgress>;
