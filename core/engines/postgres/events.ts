import type { EventRecord, EventStore } from '../../features/tracking/store.js';
import { first, rows, type Sql } from './sql.js';

export function createEventStore(sql: Sql): EventStore {
  return {
    insert: async (e) =>
      (await first<{ id: number }>(
        sql,
        `INSERT INTO events (shipment_id, date, status, sub_status, issue, receiver) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id`,
        [e.shipment_id, e.date, e.status, e.sub_status, e.issue, e.receiver],
      ))!.id,
    of: (shipmentId) => rows<EventRecord>(sql, 'SELECT * FROM events WHERE shipment_id = $1 ORDER BY id', [shipmentId]),
  };
}
