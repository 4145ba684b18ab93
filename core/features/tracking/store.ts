import type { EventCreateT } from './schemas.js';
import type { Status } from '../../shared/schemas/codes.js';

/** A tracking event as stored: what was recorded, when, of which shipment. */
export interface EventRecord {
  id: number;
  shipment_id: number;
  date: number;
  status: Status;
  sub_status: NonNullable<EventCreateT['sub_status']> | null;
  issue: NonNullable<EventCreateT['issue']> | null;
  receiver: NonNullable<EventCreateT['receiver']> | null;
}

export interface EventStore {
  insert(e: Omit<EventRecord, 'id'>): Promise<number>;
  /** A shipment's events, oldest first. */
  of(shipmentId: number): Promise<EventRecord[]>;
}
