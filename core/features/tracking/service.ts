import type { Clock } from '../../platform/clock.js';
import { fieldError, invalidState } from '../../shared/errors.js';
import type { Status, SubStatus } from '../../shared/schemas/codes.js';
import type { EventCreateT, TrackingEventT } from './schemas.js';
import type { EventRecord, EventStore } from './store.js';
import { canMove, nextStatuses } from '../../shared/transitions.js';

export function eventView(e: EventRecord): TrackingEventT {
  return {
    id: e.id,
    date: new Date(e.date).toISOString(),
    status: e.status,
    ...(e.sub_status ? { sub_status: e.sub_status } : {}),
    ...(e.issue ? { issue: e.issue } : {}),
    ...(e.receiver ? { receiver: e.receiver } : {}),
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
  setStatus(id: number, status: Status, subStatus: SubStatus | null, now: number): Promise<void>;
}

/** The stores a status change writes to, inside the caller's transaction. */
export interface TrackingTx {
  shipments: StatusStore;
  events: EventStore;
}

/**
 * Moves shipments through the contract's state machine. Every status change in the service goes through
 * `move`, so that the shipment's status and its tracking history never disagree. Callers hold the transaction
 * and pass its stores.
 */
export function createTracking(clock: Clock, events: Pick<EventStore, 'of'>) {
  async function move(tx: TrackingTx, s: TrackedShipment, e: EventCreateT): Promise<EventRecord> {
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
    const event = {
      shipment_id: s.id,
      date: now,
      status: to,
      sub_status: e.sub_status ?? null,
      issue: e.issue ?? null,
      receiver: e.receiver ?? null,
    };
    const id = await tx.events.insert(event);
    await tx.shipments.setStatus(s.id, to, event.sub_status, now);
    s.status = to;
    s.sub_status = event.sub_status;
    s.updated_at = now;
    return { id, ...event };
  }

  return {
    move,
    /** The first event of a new shipment, in its initial status. */
    start: async (tx: TrackingTx, shipmentId: number, status: Status, at: number): Promise<void> =>
      void (await tx.events.insert({
        shipment_id: shipmentId,
        date: at,
        status,
        sub_status: null,
        issue: null,
        receiver: null,
      })),
    history: async (shipmentId: number) => (await events.of(shipmentId)).map(eventView),
  };
}

export type Tracking = ReturnType<typeof createTracking>;
