import type { EventRecord, EventStore } from '../../features/tracking/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

/** An event as the table holds it: the receiver as JSON. */
type EventRow = Omit<EventRecord, 'receiver'> & { receiver: string | null };

export function createEventStore(db: Db): Sync<EventStore> {
  const stmts = {
    insert: db.prepare(
      `INSERT INTO events (shipment_id, date, status, sub_status, issue, receiver)
       VALUES (@shipment_id, @date, @status, @sub_status, @issue, @receiver)`,
    ),
    of: db.prepare<[number], EventRow>('SELECT * FROM events WHERE shipment_id = ? ORDER BY id'),
  };
  return {
    insert: (e) =>
      Number(
        stmts.insert.run({ ...e, receiver: e.receiver === null ? null : JSON.stringify(e.receiver) }).lastInsertRowid,
      ),
    of: (shipmentId) =>
      stmts.of.all(shipmentId).map((r) => ({
        ...r,
        receiver: r.receiver === null ? null : (JSON.parse(r.receiver) as EventRecord['receiver']),
      })),
  };
}
