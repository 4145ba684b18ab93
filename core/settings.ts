import { DateTime } from 'luxon';
import { fieldError } from './errors.js';
import type { Db } from './store/db.js';

/** Station-wide settings an operator may change. Environment variables (for `serve`) take precedence. */
export function createSettings(db: Db, env: Record<string, string | undefined> = process.env) {
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
  };
}

export type Settings = ReturnType<typeof createSettings>;
