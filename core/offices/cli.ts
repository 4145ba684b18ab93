import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { dataOption, withCore } from '../cli/context.js';
import { pointerToName } from '../errors.js';
import { OfficeImportError, officeFileFormat } from './import-file.js';

/** `station offices …`: the pickup-office directory. */
export function registerOfficeCommands(program: Command): void {
  const offices = program.command('offices').description('the pickup-office directory');
  offices
    .command('import <file>')
    .description('add or update offices from a JSON array or a CSV file with a header; any bad row imports nothing')
    .addOption(dataOption())
    .option('--replace', 'the file is the whole directory: offices left out are deactivated')
    .action((file: string, o: { data?: string; replace?: boolean }) =>
      withCore(o.data, (core) => {
        const text = readFileSync(file, 'utf8');
        try {
          const s = core.services.offices.importFile(text, officeFileFormat(file, text), { replace: o.replace ?? false });
          console.log(`offices: ${s.added} added, ${s.updated} updated, ${s.deactivated} deactivated`);
        } catch (e) {
          if (e instanceof OfficeImportError)
            for (const row of e.rows)
              for (const err of row.errors) console.error(`  line ${row.line}: ${pointerToName(err.path) || 'row'} ${err.message}`);
          throw e;
        }
      }),
    );
}
