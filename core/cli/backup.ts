import { resolve } from 'node:path';
import type { Command } from 'commander';
import { DB_FILE, resolveDataDir } from '../paths.js';
import { restoreFrom } from '../engines/sqlite/backup.js';
import { dataOption, storeOf, storeOption, tellUpgrade, withCore } from './context.js';

/** `station backup FILE` and `station restore FILE`: SQLite's (a PostgreSQL database has its own backups). */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup <file>')
    .description('copy the store to FILE, consistently, also while the service writes (SQLite online backup)')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((file: string, o: { data?: string; store?: string }) =>
      withCore(o, async (core) => {
        const pages = await core.backup(resolve(file));
        console.log(`backed up ${pages} pages to ${resolve(file)}`);
      }),
    );
  program
    .command('restore <file>')
    .description('replace the store with a backup (checked first); refused while a service runs on the data')
    .addOption(dataOption())
    .addOption(storeOption())
    .action(async (file: string, o: { data?: string; store?: string }) => {
      if (storeOf(o))
        throw new Error('restore replaces a SQLite store; restore a PostgreSQL database with its own tools');
      const { version } = await restoreFrom(resolveDataDir(o.data), resolve(file), tellUpgrade);
      console.log(
        `restored ${resolve(file)} (store version ${version}); the replaced store is ${DB_FILE}.before-restore`,
      );
    });
}
