import type { Command } from 'commander';
import { dataOption, storeOption, withClient } from './context.js';

/** `station settings …`: station-wide settings kept in the store (environment variables override them). */
export function registerSettingsCommands(program: Command): void {
  const settings = program.command('settings').description('station-wide settings');
  settings
    .command('timezone [zone]')
    .description('show, or set (IANA name, e.g. America/Argentina/Cordoba), the time zone plain dates are read in')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((zone: string | undefined, o: { data?: string }) =>
      withClient(o, undefined, async (client) => {
        const s = zone
          ? await client.call('station.settings.update', { body: { time_zone: zone } })
          : await client.call('station.settings.get');
        console.log(s.time_zone);
      }),
    );
}
