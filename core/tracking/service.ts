import type { Clock } from '../clock.js';
import { fieldError, invalidState } from '../errors.js';
import type { Status, SubStatus } from '../schemas/codes.js';
import type { Db } from '../store/db.js';
import type { EventCreateT, TrackingEventT } from './schemas.js';
import { createEventStore, type EventRow } from './store.js';
import { canMove, nextStatuses } from './transitions.js';

export function eventView(e: EventRow): TrackingEventT {
  return {
    id: e.id,
    date: new Date(e.date).toISOString(),
    status: e.status as TrackingEventT['status'],
    ...(e.sub_status ? { sub_status: e.sub_status as TrackingEventT['sub_status'] } : {}),
    ...(e.issue ? { issue: e.issue as TrackingEventT['issue'] } : {}),
    ...(e.receiver ? { receiver: JSON.parse(e.receiver) as TrackingEventT['receiver'] } : {}),
  };
}

/** What tracking reads of a shipment, and updates on it as it moves. */
export interface TrackedShipment {
  id: number;
  code: string;
  status: Status;
  sub_status: SubStatus | null;
  updated_at: number;
}

/** Where a shipment's current status is kept (the shipments store). */
export interface StatusStore {
  setStatus(id: number, status: Status, subStatus: SubStatus | null, now: number): void;
}

/**
 * Moves shipments through the contract's state machine. Every status change in the service goes through
 * `move`, so that the shipment's status and its tracking history never disagree. Callers hold the transaction.
 */
export function createTracking(db: Db, clock: Clock, shipments: StatusStore) {
  const events = createEventStore(db);

  function move(s: TrackedShipment, e: EventCreateT): EventRow {
    const to = e.status;
    if (!canMove(s.status, to)) {
      const allowed = nextStatuses(s.status);
      throw invalidState(
        `shipment ${s.code} is ${s.status} and cannot move to ${to}` +
          (allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (it is final)'),
      );
    }
    if (e.receiver && to !== 'DELIVERED')
      throw fieldError('/receiver', 'not_allowed', 'is accepted on DELIVERED only', { only_with: 'status=DELIVERED' });
    const now = clock.now().getTime();
    const row = {
      shipment_id: s.id,
      date: now,
      status: to,
      sub_status: e.sub_status ?? null,
      issue: e.issue ?? null,
      receiver: e.receiver ? JSON.stringify(e.receiver) : null,
    };
    const id = events.insert(row);
    shipments.setStatus(s.id, to, row.sub_status, now);
    s.status = to;
    s.sub_status = row.sub_status;
    s.updated_at = now;
    return { id, ...row };
  }

  return {
    move,
    /** The first event of a new shipment, in its initial status. */
    start(shipmentId: number, status: Status, at: number): void {
      events.insert({ shipment_id: shipmentId, date: at, status, sub_status: null, issue: null, receiver: null });
    },
    history: (shipmentId: number) => events.of(shipmentId).map(eventView),
  };
}

export type Tracking = ReturnType<typeof createTracking>;
