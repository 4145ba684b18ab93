import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { dataOption, storeOption, withClient } from './context.js';
import { ApiError } from '../client/index.js';
import { pointerToName } from '../errors.js';
import { officeFileFormat, type RowError } from '../offices/import-file.js';

/** `station offices …`: the pickup-office directory. */
export function registerOfficeCommands(program: Command): void {
  const offices = program.command('offices').description('the pickup-office directory');
  offices
    .command('import <file>')
    .description('add or update offices from a JSON array or a CSV file with a header; any bad row imports nothing')
    .addOption(dataOption())
    .addOption(storeOption())
    .option('--replace', 'the file is the whole directory: offices left out are deactivated')
    .action((file: string, o: { data?: string; replace?: boolean }) =>
      withClient(o, undefined, async (client) => {
        const content = readFileSync(file, 'utf8');
        try {
          const s = await client.call('offices.import', {
            body: { format: officeFileFormat(file, content), content, replace: o.replace ?? false },
          });
          console.log(`offices: ${s.added} added, ${s.updated} updated, ${s.deactivated} deactivated`);
        } catch (e) {
          const rows = e instanceof ApiError ? (e.problem.rows as RowError[] | undefined) : undefined;
          if (!rows) throw e;
          for (const row of rows)
            for (const err of row.errors)
              console.error(`  line ${row.line}: ${pointerToName(err.path) || 'row'} ${err.message}`);
          throw new ApiError({ ...(e as ApiError).problem, errors: [] });
        }
      }),
    );
}
