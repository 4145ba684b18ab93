import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { dataOption, tellUpgrade, withCore } from './context.js';
import { DB_FILE, resolveDataDir } from '../paths.js';
import { backupTo, PARTIAL, restoreFrom } from '../store/backup.js';
import { openDb } from '../store/db.js';
import { rmSync } from 'node:fs';

/** `station backup FILE` and `station restore FILE`. */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup <file>')
    .description('copy the store to FILE, consistently, also while the service writes (SQLite online backup)')
    .addOption(dataOption())
    .action(async (file: string, o: { data?: string }) => {
      const target = resolve(file);
      // Stopped by Ctrl+C or a kill, the copy in progress goes with the process instead of staying (hundreds of MB).
      const interrupted = (signal: NodeJS.Signals) => {
        for (const f of [`${target}${PARTIAL}`, `${target}${PARTIAL}-journal`]) rmSync(f, { force: true });
        console.error(`station: backup interrupted (${signal}); nothing was written to ${target}`);
        process.exit(130);
      };
      process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
      await withCore(o.data, async (core) => {
        const pages = await backupTo(core.services.db, target);
        console.log(`backed up ${pages} pages to ${target}`);
      });
    });
  program
    .command('restore <file>')
    .description('replace the store with a backup (checked first); refused while any process uses the data')
    .addOption(dataOption())
    .action(async (file: string, o: { data?: string }) => {
      const dataDir = resolveDataDir(o.data);
      const { version, kept } = await restoreFrom(dataDir, resolve(file));
      // A backup from an older version is upgraded now, not at the next start.
      openDb(join(dataDir, DB_FILE), undefined, tellUpgrade).close();
      console.log(
        `restored ${resolve(file)} (store version ${version})` +
          (kept ? `; the replaced store is ${kept}` : '; there was no store to replace'),
      );
    });
}
