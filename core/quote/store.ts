import type { Db } from '../store/db.js';

export interface RateCardRow {
  id: number;
  version: string;
  body: string;
  source: string;
  imported_at: number;
  active: number;
}

/** SQL of the rate-card versions. Callers hold the transaction. */
export function createRateCardStore(db: Db) {
  const activeId = db.prepare<[], { id: number }>('SELECT id FROM rate_cards WHERE active = 1');
  const byId = db.prepare<[number], RateCardRow>('SELECT * FROM rate_cards WHERE id = ?');
  const any = db.prepare<[], { id: number }>('SELECT id FROM rate_cards LIMIT 1');
  const deactivate = db.prepare('UPDATE rate_cards SET active = 0 WHERE active = 1');
  const insert = db.prepare<[string, string, string, number]>(
    'INSERT INTO rate_cards (version, body, source, imported_at, active) VALUES (?, ?, ?, ?, 1)',
  );
  return {
    activeId: () => activeId.get()?.id ?? null,
    byId: (id: number) => byId.get(id),
    isEmpty: () => any.get() === undefined,
    /** Makes a new version the active one; the previous versions stay, inactive. */
    activate(version: string, body: string, source: string, at: number): number {
      deactivate.run();
      return Number(insert.run(version, body, source, at).lastInsertRowid);
    },
  };
}
