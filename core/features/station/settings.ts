import { DateTime } from 'luxon';
import { languageOfCountry, PRINT_LANGUAGES, type PrintLanguage } from '../../platform/drawing/words.js';
import { fieldError } from '../../shared/errors.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { SettingsStore } from './store.js';

const isPrintLanguage = (v: string | undefined): v is PrintLanguage => PRINT_LANGUAGES.includes(v as PrintLanguage);

/**
 * Station-wide settings an operator may change. Environment variables (for `serve`) take precedence.
 * `originCountry` is the rate card's origin, which a station prints in the language of until told otherwise.
 */
export function createSettings(
  db: UnitOfWork<{ settings: SettingsStore }>,
  env: Record<string, string | undefined> = process.env,
  originCountry: () => Promise<string> = () => Promise.resolve(''),
) {
  const chosenLanguage = async () => {
    const set = await db.stores.settings.get('language');
    return isPrintLanguage(set) ? set : undefined;
  };
  return {
    /** The time zone that plain dates in filters and delivery promises are read in. */
    timeZone: async (): Promise<string> =>
      env.STATION_TZ ||
      (await db.stores.settings.get('timezone')) ||
      Intl.DateTimeFormat().resolvedOptions().timeZone ||
      'UTC',
    async setTimeZone(zone: string): Promise<void> {
      if (!DateTime.local().setZone(zone).isValid)
        throw fieldError('/time_zone', 'unknown', `unknown time zone ${zone}`, { value: zone });
      await db.transaction((tx) => tx.settings.put('timezone', zone));
    },
    /** The language labels and manifests are printed in: as set, else the rate card's origin country's. */
    language: async (): Promise<PrintLanguage> => (await chosenLanguage()) ?? languageOfCountry(await originCountry()),
    /** Whether the language was chosen, rather than following the rate card. */
    languageChosen: async (): Promise<boolean> => (await chosenLanguage()) !== undefined,
    async setLanguage(language: PrintLanguage | null): Promise<void> {
      await db.transaction((tx) =>
        language === null ? tx.settings.remove('language') : tx.settings.put('language', language),
      );
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
