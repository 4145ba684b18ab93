import type { Db } from '../store/db.js';
import type { ImportMappingInputT, ImportMappingT } from './schemas.js';

/** An account's saved import mappings; the definition is JSON in here, domain values outside. */
export function createMappingStore(db: Db) {
  const q = {
    list: db.prepare<[number], { name: string; definition: string }>(
      'SELECT name, definition FROM import_mappings WHERE account_id = ? ORDER BY name',
    ),
    get: db.prepare<[number, string], { name: string; definition: string }>(
      'SELECT name, definition FROM import_mappings WHERE account_id = ? AND name = ?',
    ),
    save: db.prepare<[number, string, string, number, number]>(
      `INSERT INTO import_mappings (account_id, name, definition, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (account_id, name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at`,
    ),
    remove: db.prepare<[number, string]>('DELETE FROM import_mappings WHERE account_id = ? AND name = ?'),
  };
  const view = (r: { name: string; definition: string }): ImportMappingT => ({
    name: r.name,
    ...(JSON.parse(r.definition) as ImportMappingInputT),
  });
  return {
    list: (accountId: number) => q.list.all(accountId).map(view),
    get: (accountId: number, name: string) => {
      const r = q.get.get(accountId, name);
      return r && view(r);
    },
    save: (accountId: number, name: string, m: ImportMappingInputT, now: number) =>
      void q.save.run(accountId, name, JSON.stringify(m), now, now),
    /** Whether there was one to remove. */
    remove: (accountId: number, name: string) => q.remove.run(accountId, name).changes > 0,
  };
}

export type MappingStore = ReturnType<typeof createMappingStore>;
