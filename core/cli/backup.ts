import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { createCore } from '../index.js';
import { dataOption, tellUpgrade } from './context.js';
import { DB_FILE, resolveDataDir } from '../paths.js';
import { backupTo, restoreFrom } from '../store/backup.js';
import { openDb } from '../store/db.js';

/** `station backup FILE` and `station restore FILE`. */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup <file>')
    .description('copy the store to FILE, consistently, also while the service writes (SQLite online backup)')
    .addOption(dataOption())
    .action(async (file: string, o: { data?: string }) => {
      const core = createCore({ dataDir: resolveDataDir(o.data), printQueue: false, onUpgrade: tellUpgrade });
      try {
        const pages = await backupTo(core.services.db, resolve(file));
        console.log(`backed up ${pages} pages to ${resolve(file)}`);
      } finally {
        core.close();
      }
    });
  program
    .command('restore <file>')
    .description('replace the store with a backup (checked first); refused while a service runs on the data')
    .addOption(dataOption())
    .action(async (file: string, o: { data?: string }) => {
      const dataDir = resolveDataDir(o.data);
      const { version } = await restoreFrom(dataDir, resolve(file));
      // A backup from an older version is upgraded now, not at the next start.
      openDb(join(dataDir, DB_FILE), undefined, tellUpgrade).close();
      console.log(
        `restored ${resolve(file)} (store version ${version}); the replaced store is ${DB_FILE}.before-restore`,
      );
    });
}
