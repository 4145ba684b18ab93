import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { resolveDataDir } from '../../platform/paths.js';
import { PARTIAL, restoreFrom } from '../../engines/sqlite/backup.js';
import { dataOption, storeOf, storeOption, tellUpgrade, withCore } from './context.js';

/** `station backup FILE` and `station restore FILE`: SQLite's (a PostgreSQL database has its own backups). */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup <file>')
    .description('copy the store to FILE, consistently, also while the service writes (SQLite online backup)')
    .addOption(dataOption())
    .addOption(storeOption())
    .action(async (file: string, o: { data?: string; store?: string }) => {
      const target = resolve(file);
      // Stopped by Ctrl+C or a kill, the copy in progress goes with the process instead of staying (hundreds of MB).
      const interrupted = (signal: NodeJS.Signals) => {
        for (const f of [`${target}${PARTIAL}`, `${target}${PARTIAL}-journal`]) rmSync(f, { force: true });
        console.error(`station: backup interrupted (${signal}); nothing was written to ${target}`);
        process.exit(130);
      };
      process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
      await withCore(o, async (core) => {
        const pages = await core.backup(target);
        console.log(`backed up ${pages} pages to ${target}`);
      });
    });
  program
    .command('restore <file>')
    .description('replace the store with a backup (checked first); refused while any process uses the data')
    .addOption(dataOption())
    .addOption(storeOption())
    .action(async (file: string, o: { data?: string; store?: string }) => {
      if (storeOf(o))
        throw new Error('restore replaces a SQLite store; restore a PostgreSQL database with its own tools');
      const { version, kept } = await restoreFrom(resolveDataDir(o.data), resolve(file), tellUpgrade);
      console.log(
        `restored ${resolve(file)} (store version ${version})` +
          (kept ? `; the replaced store is ${kept}` : '; there was no store to replace'),
      );
    });
}
