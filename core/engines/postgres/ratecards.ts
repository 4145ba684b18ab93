import type { RateCardFileT } from '../../features/quote/ratecard-schema.js';
import type { RateCardStore } from '../../features/quote/store.js';
import { first, type Sql } from './sql.js';

export function createRateCardStore(sql: Sql): RateCardStore {
  return {
    activeId: async () => (await first<{ id: number }>(sql, 'SELECT id FROM rate_cards WHERE active'))?.id ?? null,
    byId: async (id) => {
      const r = await first<{ id: number; version: string; body: RateCardFileT; source: string; imported_at: number }>(
        sql,
        'SELECT id, version, body, source, imported_at FROM rate_cards WHERE id = $1',
        [id],
      );
      return r && { id: r.id, version: r.version, card: r.body, source: r.source, imported_at: r.imported_at };
    },
    isEmpty: async () => (await first(sql, 'SELECT 1 FROM rate_cards LIMIT 1')) === undefined,
    async activate(card, source, at) {
      // One import at a time, across stations: exactly one card stays active.
      if (sql.inTransaction) await sql.query('SELECT pg_advisory_xact_lock(21)');
      await sql.query('UPDATE rate_cards SET active = false WHERE active');
      return (await first<{ id: number }>(
        sql,
        'INSERT INTO rate_cards (version, body, source, imported_at, active) VALUES ($1, $2, $3, $4, true) RETURNING id',
        [card.version, card, source, at],
      ))!.id;
    },
  };
}
