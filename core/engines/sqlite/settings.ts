import type { ScaleConfigT } from '../../features/scale/schemas.js';
import type { ScaleStore } from '../../features/scale/store.js';
import type { SettingsStore } from '../../features/station/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

export function createSettingsStore(db: Db): Sync<SettingsStore> {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  return {
    get: (key) => get.get(key)?.value,
    put: (key, value) => void put.run(key, value),
    remove: (key) => void remove.run(key),
  };
}

/** The scale setting: a row of the settings table, its value JSON in here. */
export function createScaleStore(db: Db): Sync<ScaleStore> {
  const settings = createSettingsStore(db);
  return {
    get: () => {
      const value = settings.get('scale');
      return value === undefined ? null : (JSON.parse(value) as ScaleConfigT);
    },
    set: (config) => (config ? settings.put('scale', JSON.stringify(config)) : settings.remove('scale')),
  };
}
