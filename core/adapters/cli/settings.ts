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
  settings
    .command('language [language]')
    .description(
      "show, or set (en, es, or auto: the rate card origin country's), the language labels and manifests are printed in",
    )
    .addOption(dataOption())
    .addOption(storeOption())
    .action((language: string | undefined, o: { data?: string }) =>
      withClient(o, undefined, async (client) => {
        const s =
          language === undefined
            ? await client.call('station.settings.get')
            : await client.call('station.settings.update', {
                body: { language: language === 'auto' ? null : (language as 'en' | 'es') },
              });
        console.log(`${s.language}${s.language_chosen ? '' : ' (the rate card origin country’s)'}`);
      }),
    );
}
