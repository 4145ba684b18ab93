import { DateTime } from 'luxon';
import { fieldError } from '../errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { SettingsStore } from './store.js';

/** Station-wide settings an operator may change. Environment variables (for `serve`) take precedence. */
export function createSettings(
  db: UnitOfWork<{ settings: SettingsStore }>,
  env: Record<string, string | undefined> = process.env,
) {
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
  };
}

export type Settings = ReturnType<typeof createSettings>;
