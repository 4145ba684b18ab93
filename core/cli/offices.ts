import { statSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { dataOption, withCore } from './context.js';
import { pointerToName } from '../errors.js';
import { officeFileFormat, OfficeImportError } from '../offices/import-file.js';

/**
 * The largest directory file `station offices import` reads. Over HTTP the file rides in a JSON body of at most
 * 1 MiB (about 3,000 offices); the owner's command at the station reads the file itself, so a national directory
 * (10,000 offices and more, a few MB) imports in one go. The bound keeps a wrong file (a disk image) from
 * being read whole into memory.
 */
export const OFFICE_FILE_MAX_BYTES = 64 * 1024 * 1024;

/** `station offices …`: the pickup-office directory. */
export function registerOfficeCommands(program: Command): void {
  const offices = program.command('offices').description('the pickup-office directory');
  offices
    .command('import <file>')
    .description('add or update offices from a JSON array or a CSV file with a header; any bad row imports nothing')
    .addOption(dataOption())
    .option('--replace', 'the file is the whole directory: offices left out are deactivated')
    .action((file: string, o: { data?: string; replace?: boolean }) => {
      const bytes = statSync(file).size;
      if (bytes > OFFICE_FILE_MAX_BYTES)
        throw new Error(
          `${file} is ${(bytes / 2 ** 20).toFixed(0)} MiB; an office directory file may be at most 64 MiB`,
        );
      const content = readFileSync(file, 'utf8');
      // The directory's own service, not the `offices.import` operation, whose schema holds a file to what an HTTP
      // body may carry (1 MiB): the owner's file at the station is not an HTTP body. The rules are the same ones.
      return withCore(o.data, (core) => {
        try {
          const s = core.services.offices.importFile(content, officeFileFormat(file, content), {
            replace: o.replace ?? false,
          });
          console.log(`offices: ${s.added} added, ${s.updated} updated, ${s.deactivated} deactivated`);
        } catch (e) {
          if (!(e instanceof OfficeImportError)) throw e;
          for (const row of e.rows)
            for (const err of row.errors)
              console.error(`  line ${row.line}: ${pointerToName(err.path) || 'row'} ${err.message}`);
          console.error(`station: ${e.message}`);
          process.exitCode = 2;
        }
      });
    });
}
