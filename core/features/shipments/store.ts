import type { Status, SubStatus } from '../../shared/schemas/codes.js';
import type { NewShipment, ShipmentChangeRecord, ShipmentRecord } from './record.js';

/** A new shipment collided with an existing one on a unique key: its code, or its ref within the account. */
export class KeyTaken extends Error {
  constructor(readonly key: 'code' | 'ref') {
    super(`a shipment with this ${key} exists`);
  }
}

/** Filters of a search, already resolved to dates in epoch milliseconds. */
export interface SearchFilter {
  accountId: number;
  /**
   * Every word must match, ignoring case and accents, as a phrase of its parts (its runs of letters and digits, side
   * by side in that order), the last part as a prefix: `LNRJ6-3` finds the refs going on from it, not every shipment
   * with a 3 in its street number.
   */
  words?: readonly string[];
  /** Whose contact and address the words are looked for in, besides ref and code: both sides when absent. */
  party?: 'RECEIVER' | 'SENDER';
  /** The search as typed: a shipment whose ref or code it is (any letter case) comes first, whatever the sort. */
  whole?: string;
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

/**
 * A search whose total the per-status counts hold, which both engines keep (`shipment_counts`): no words, and no
 * filter but the status.
 */
export const countedByStatus = (f: SearchFilter): boolean =>
  !f.words &&
  f.dateColumn !== 'labelled_at' &&
  f.code === undefined &&
  f.subStatus === undefined &&
  f.platform === undefined &&
  f.from === undefined &&
  f.to === undefined &&
  !f.pending;

/** Shipments and their search. Records in, records out: how they are kept is the engine's. */
export interface ShipmentStore {
  /**
   * Inserts the shipment, created (and updated) `at` now, or at the newest shipment's creation time when the clock
   * went back (creation times never decrease with the id, across stations); returns its id and that time. Throws
   * `KeyTaken` when its code or its ref is used.
   */
  insert(s: Omit<NewShipment, 'created_at' | 'updated_at'>, now: number): Promise<{ id: number; at: number }>;
  byId(accountId: number, id: number): Promise<ShipmentRecord | undefined>;
  byCode(accountId: number, code: string): Promise<ShipmentRecord | undefined>;
  byRef(accountId: number, ref: string): Promise<{ id: number; code: string } | undefined>;
  /** The account's shipments of these refs, by ref: an import asks for thousands at once, not one by one. */
  byRefs(accountId: number, refs: string[]): Promise<Map<string, { id: number; code: string }>>;
  accountOfCode(code: string): Promise<number | undefined>;
  /** A parent's packages, by number. */
  children(parentId: number): Promise<ShipmentRecord[]>;
  setStatus(id: number, status: Status, subStatus: SubStatus | null, now: number): Promise<void>;
  countPackage(parentId: number, now: number): Promise<void>;
  /** Sets labelled_at the first time only. */
  markLabelled(id: number, now: number): Promise<void>;
  /**
   * Writes a correction made before the label (PATCH): the parcel, method, office, texts and, for a PICKUP, the
   * office's address (`addressChanged`: what a search finds it by changed too).
   */
  correct(s: ShipmentRecord, now: number, addressChanged: boolean): Promise<void>;
  /** Keeps a correction in the shipment's history of changes. */
  recordChange(shipmentId: number, at: number, changes: ShipmentChangeRecord['changes'], madeBy: string): Promise<void>;
  /** The corrections made to a shipment, oldest first. */
  changesOf(shipmentId: number): Promise<ShipmentChangeRecord[]>;
  /** A page of the account's shipments and the exact total of the filter. */
  search(f: SearchFilter): Promise<{ rows: ShipmentRecord[]; total: number }>;
}
