import Database from 'better-sqlite3';

/**
 * Every connection the store opens, made here, with the one better-sqlite3 addon this process loads. better-sqlite3
 * is a native addon built for one ABI: node_modules holds the build for Node (`station serve`, the `station` command,
 * the tests); the desktop app runs in Electron, whose Node has another ABI, and loads its own build
 * (electron/setup/sqlite-binding.ts) through better-sqlite3's `nativeBinding` option. The addon belongs to the
 * process, not to a store: Electron's main process names it once, before it opens anything.
 */
let addon: string | undefined;

/** Loads the better-sqlite3 addon at `path` for every connection from now on (undefined: node_modules' own). */
export function useSqliteAddon(path: string | undefined): void {
  addon = path;
}

export function openSqlite(file: string, options: Database.Options = {}): Database.Database {
  return new Database(file, addon ? { ...options, nativeBinding: addon } : options);
}
