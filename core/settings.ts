import { DateTime } from 'luxon';
import { fieldError } from './errors.js';
import { languageOfCountry, PRINT_LANGUAGES, type PrintLanguage } from './drawing/words.js';
import type { Db } from './store/db.js';

const isPrintLanguage = (v: string | undefined): v is PrintLanguage => PRINT_LANGUAGES.includes(v as PrintLanguage);

/**
 * Station-wide settings an operator may change. Environment variables (for `serve`) take precedence.
 * `originCountry` is the rate card's origin, which a station prints in the language of until told otherwise.
 */
export function createSettings(
  db: Db,
  env: Record<string, string | undefined> = process.env,
  originCountry: () => string = () => '',
) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  return {
    /** The time zone that plain dates in filters and delivery promises are read in. */
    timeZone: (): string =>
      env.STATION_TZ || get.get('timezone')?.value || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    setTimeZone(zone: string): void {
      if (!DateTime.local().setZone(zone).isValid)
        throw fieldError('/time_zone', 'unknown', `unknown time zone ${zone}`, { value: zone });
      put.run('timezone', zone);
    },
    /** The language labels and manifests are printed in: as set, else the rate card's origin country's. */
    language: (): PrintLanguage => {
      const set = get.get('language')?.value;
      return isPrintLanguage(set) ? set : languageOfCountry(originCountry());
    },
    /** Whether the language was chosen, rather than following the rate card. */
    languageChosen: (): boolean => isPrintLanguage(get.get('language')?.value),
    setLanguage(language: PrintLanguage | null): void {
      if (language === null) db.prepare("DELETE FROM settings WHERE key = 'language'").run();
      else put.run('language', language);
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
