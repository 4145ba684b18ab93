import type { Command } from 'commander';
import { systemClock } from '../../platform/clock.js';
import { copyToPostgres } from '../../engines/copy-to-postgres.js';
import { isPostgresUrl } from '../../engines/open.js';
import { resolveDataDir } from '../../platform/paths.js';
import { dataOption } from './context.js';

/** `station migrate --to URL`: a SQLite station (its data folder) into an empty PostgreSQL database. */
export function registerMigrateCommands(program: Command): void {
  program
    .command('migrate')
    .description('copy this SQLite station (--data) into an empty PostgreSQL database, keys and token hashes included')
    .addOption(dataOption())
    .requiredOption('--to <url>', 'postgres://… of an empty database')
    .action(async (o: { data?: string; to: string }) => {
      if (!isPostgresUrl(o.to)) throw new Error(`--to must be a postgres:// URL, not ${o.to}`);
      const report = await copyToPostgres(resolveDataDir(o.data), o.to, {
        clock: systemClock,
        onProgress: (m) => console.error(m),
      });
      const total = Object.values(report.rows).reduce((a, b) => a + b, 0);
      console.log(
        `migrated ${total} rows (${report.rows.shipments ?? 0} shipments, ${report.rows.tokens ?? 0} tokens) and ${report.keys} signing keys; counts checked`,
      );
    });
}
