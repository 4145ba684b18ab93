import type { LatLng } from '../../platform/geo.js';
import type { OfficeRecordT } from './schemas.js';

export interface OfficeRecord {
  id: number;
  code: string;
  name: string;
  company: string;
  street: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  zip_key: string | null;
  lat: number;
  lng: number;
  active: boolean;
  parcel: boolean;
  opening_hours: string;
  updated_at: number;
}

/**
 * The pickup-office directory. "Usable" = what a buyer may pick: active and parcel-enabled. `zip` filters by
 * postal key (the stored `zip_key`).
 */
export interface OfficePlace {
  city: string;
  state: string;
  country: string;
  offices: number;
}

export interface OfficeStore {
  byId(id: number): Promise<OfficeRecord | undefined>;
  isEmpty(): Promise<boolean>;
  /** Every office's id by upper-case code, to match import rows to the offices they update. */
  idsByCode(): Promise<Map<string, number>>;
  /**
   * The cities (with province and country) of the offices at a postal key, active or not (where an office stands
   * says which city a postal code is), most offices first, at most 5.
   */
  places(zipKey: string): Promise<OfficePlace[]>;
  countUsable(zip?: string): Promise<number>;
  /** Usable offices by id. */
  pageUsable(zip: string | undefined, limit: number, offset: number): Promise<OfficeRecord[]>;
  /** The `limit` usable offices nearest to `p` (great-circle km), nearest first, ties by id. */
  nearestUsable(p: LatLng, limit: number, zip?: string): Promise<Array<{ id: number; km: number }>>;
  upsert(id: number | undefined, r: OfficeRecordT, zipKey: string, at: number): Promise<void>;
  /** The `zip_key` pattern the stored keys were computed with: null for none, undefined if never keyed. */
  keyedWith(): Promise<string | null | undefined>;
  /** Recomputes every office's key. */
  rekey(pattern: string | null, keyOf: (zip: string) => string): Promise<void>;
  /** Returns whether the office was active before. */
  deactivate(id: number, at: number): Promise<boolean>;
}
