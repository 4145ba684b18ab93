import type { SettingsStore } from '../../station/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

export function createSettingsStore(db: Db): Sync<SettingsStore> {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  return {
    get: (key) => get.get(key)?.value,
    put: (key, value) => void put.run(key, value),
  };
}
