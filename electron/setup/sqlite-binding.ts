import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * better-sqlite3 is a native addon, compiled for one ABI. node_modules keeps the build for Node, which `station serve`,
 * the `station` command and the tests load; the desktop app runs in Electron, whose embedded Node has another ABI. In
 * a checkout, a second build for Electron lives in a folder of its own, one per Electron and better-sqlite3 version,
 * made by `npm run start:desktop` (electron/setup/launch.ts), and Electron's main process loads it through
 * better-sqlite3's `nativeBinding` option (core/engines/sqlite/sqlite.ts). A packaged app has no such folder: electron-builder
 * rebuilt the node_modules it packs for Electron, so the default binding is the right one there.
 */
export const NATIVE_DIR = '.electron-native';

export interface Target {
  /** The project's root (the folder of package.json and node_modules). */
  root: string;
  /** Electron's version (`process.versions.electron` in Electron; electron/package.json's under Node). */
  electron: string;
  platform?: NodeJS.Platform;
  arch?: string;
}

/** The better-sqlite3 version installed in node_modules: a new one needs a new Electron build. */
export function sqliteVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Where the Electron build of better-sqlite3 for this target lives (its folder, and the addon in it). */
export function electronSqlitePath({ root, electron, platform = process.platform, arch = process.arch }: Target): {
  dir: string;
  addon: string;
} {
  const dir = join(
    root,
    NATIVE_DIR,
    `electron-${electron}-${platform}-${arch}`,
    `better-sqlite3-${sqliteVersion(root)}`,
  );
  return { dir, addon: join(dir, 'better_sqlite3.node') };
}

/**
 * What Electron's main process passes to the core as the addon to load: nothing in a packaged app; in a checkout the
 * Electron build, or an error that says how to make it (the Node build would fail to load with a cryptic ABI message).
 */
export function sqliteBindingFor(target: Target & { packaged: boolean }): string | undefined {
  if (target.packaged) return undefined;
  const { addon } = electronSqlitePath(target);
  if (!existsSync(addon))
    throw new Error(
      `better-sqlite3 is not built for Electron ${target.electron} (${addon} is missing): ` +
        'start the desktop app with `npm run start:desktop`, which builds it once',
    );
  return addon;
}
