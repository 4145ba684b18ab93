import type { RateCardFileT } from '../../features/quote/ratecard-schema.js';
import type { RateCardStore } from '../../features/quote/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

interface RateCardRow {
  id: number;
  version: string;
  body: string;
  source: string;
  imported_at: number;
  active: number;
}

export function createRateCardStore(db: Db): Sync<RateCardStore> {
  const activeId = db.prepare<[], { id: number }>('SELECT id FROM rate_cards WHERE active = 1');
  const byId = db.prepare<[number], RateCardRow>('SELECT * FROM rate_cards WHERE id = ?');
  const any = db.prepare<[], { id: number }>('SELECT id FROM rate_cards LIMIT 1');
  const deactivate = db.prepare('UPDATE rate_cards SET active = 0 WHERE active = 1');
  const insert = db.prepare<[string, string, string, number]>(
    'INSERT INTO rate_cards (version, body, source, imported_at, active) VALUES (?, ?, ?, ?, 1)',
  );
  return {
    activeId: () => activeId.get()?.id ?? null,
    byId(id: number) {
      const r = byId.get(id);
      return (
        r && {
          id: r.id,
          version: r.version,
          card: JSON.parse(r.body) as RateCardFileT,
          source: r.source,
          imported_at: r.imported_at,
        }
      );
    },
    isEmpty: () => any.get() === undefined,
    activate(card: RateCardFileT, source: string, at: number): number {
      deactivate.run();
      return Number(insert.run(card.version, JSON.stringify(card), source, at).lastInsertRowid);
    },
  };
}
