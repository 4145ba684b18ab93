import type { Status, SubStatus } from '../schemas/codes.js';
import type { NewShipment, ShipmentRecord } from './record.js';

/** A new shipment collided with an existing one on a unique key: its code, or its ref within the account. */
export class KeyTaken extends Error {
  constructor(readonly key: 'code' | 'ref') {
    super(`a shipment with this ${key} exists`);
  }
}

/** Filters of a search, already resolved to dates in epoch milliseconds. */
export interface SearchFilter {
  accountId: number;
  /** Every word must match a word of the shipment as a prefix, ignoring case and accents. */
  words?: readonly string[];
  code?: string;
  status?: string;
  subStatus?: string;
  platform?: string;
  /** labelled_at: only labelled shipments have that date. */
  dateColumn: 'created_at' | 'updated_at' | 'labelled_at';
  from?: number;
  to?: number;
  statusIn?: readonly string[];
  pending?: boolean;
  newestFirst: boolean;
  limit: number;
  offset: number;
}

/** Shipments and their search. Records in, records out: how they are kept is the engine's. */
export interface ShipmentStore {
  /**
   * The creation time of a new shipment: now, or the newest shipment's when the clock went back, so that creation
   * times never decrease with the id. Call it inside the insert's transaction.
   */
  creationTime(now: number): Promise<number>;
  /** Inserts the shipment and returns its id, or throws `KeyTaken` (its code or its ref is used). */
  insert(s: NewShipment): Promise<number>;
  byId(accountId: number, id: number): Promise<ShipmentRecord | undefined>;
  byCode(accountId: number, code: string): Promise<ShipmentRecord | undefined>;
  byRef(accountId: number, ref: string): Promise<{ id: number; code: string } | undefined>;
  accountOfCode(code: string): Promise<number | undefined>;
  /** A parent's packages, by number. */
  children(parentId: number): Promise<ShipmentRecord[]>;
  setStatus(id: number, status: Status, subStatus: SubStatus | null, now: number): Promise<void>;
  countPackage(parentId: number, now: number): Promise<void>;
  /** Sets labelled_at the first time only. */
  markLabelled(id: number, now: number): Promise<void>;
  /** A page of the account's shipments and the exact total of the filter. */
  search(f: SearchFilter): Promise<{ rows: ShipmentRecord[]; total: number }>;
}
