export interface ManifestRecord {
  id: number;
  account_id: number;
  created_at: number;
  /** Distinct shipments, a package counting under its parent. */
  shipments: number;
  /** Parcels: each listed code. */
  pieces: number;
  weight: number;
}

export interface ManifestStore {
  /** Inserts the manifest and its shipments in order. */
  insert(m: Omit<ManifestRecord, 'id'>, shipmentIds: number[]): Promise<number>;
  byId(accountId: number, id: number): Promise<ManifestRecord | undefined>;
  shipmentIds(id: number): Promise<number[]>;
}
