import { readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { dataOption, storeOption, withClient } from './context.js';
import { ApiError } from '../../shared/client/index.js';
import { pointerToName } from '../../shared/errors.js';
import { officeFileFormat, type RowError } from '../../features/offices/import-file.js';
import { OFFICE_FILE_MAX_BYTES } from '../../features/station/schemas.js';

/** `station offices …`: the pickup-office directory. */
export function registerOfficeCommands(program: Command): void {
  const offices = program.command('offices').description('the pickup-office directory');
  offices
    .command('import <file>')
    .description('add or update offices from a JSON array or a CSV file with a header; any bad row imports nothing')
    .addOption(dataOption())
    .addOption(storeOption())
    .option('--replace', 'the file is the whole directory: offices left out are deactivated')
    .action((file: string, o: { data?: string; store?: string; replace?: boolean }) => {
      const bytes = statSync(file).size;
      if (bytes > OFFICE_FILE_MAX_BYTES)
        throw new Error(
          `${file} is ${(bytes / 2 ** 20).toFixed(0)} MiB; an office directory file may be at most ${OFFICE_FILE_MAX_BYTES / 2 ** 20} MiB`,
        );
      const content = readFileSync(file, 'utf8');
      return withClient(o, undefined, async (client) => {
        try {
          // The owner's operation for a file at the station: `offices.import` holds a file to what an HTTP body may
          // carry (1 MiB); a national directory is larger. The rules are the same ones.
          const s = await client.call('offices.importFile', {
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
      });
    });
}
