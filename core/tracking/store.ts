import type { Db } from '../store/db.js';

export interface EventRow {
  id: number;
  shipment_id: number;
  date: number;
  status: string;
  sub_status: string | null;
  issue: string | null;
  receiver: string | null;
}

export function createEventStore(db: Db) {
  const stmts = {
    insert: db.prepare(
      `INSERT INTO events (shipment_id, date, status, sub_status, issue, receiver)
       VALUES (@shipment_id, @date, @status, @sub_status, @issue, @receiver)`,
    ),
    of: db.prepare<[number], EventRow>('SELECT * FROM events WHERE shipment_id = ? ORDER BY id'),
  };
  return {
    insert: (e: Omit<EventRow, 'id'>) => Number(stmts.insert.run(e).lastInsertRowid),
    of: (shipmentId: number) => stmts.of.all(shipmentId),
  };
}

export type EventStore = ReturnType<typeof createEventStore>;
