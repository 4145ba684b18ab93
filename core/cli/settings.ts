import type { Command } from 'commander';
import { dataOption, withCore } from './context.js';

/** `station settings …`: station-wide settings kept in the store (environment variables override them). */
export function registerSettingsCommands(program: Command): void {
  const settings = program.command('settings').description('station-wide settings');
  settings
    .command('timezone [zone]')
    .description('show, or set (IANA name, e.g. America/Argentina/Cordoba), the time zone plain dates are read in')
    .addOption(dataOption())
    .action((zone: string | undefined, o: { data?: string }) =>
      withCore(o.data, (core) => {
        if (zone) core.services.settings.setTimeZone(zone);
        console.log(core.services.settings.timeZone());
      }),
    );
}
