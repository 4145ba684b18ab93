import type { ShipmentRecord } from '../../features/shipments/record.js';

/** A row of the shipments table as SQLite returns it (the parent's code joined in as `twin`); store.ts and search.ts only. */
export interface ShipmentRow extends Omit<ShipmentRecord, 'origin' | 'destination' | 'dimensions'> {
  origin: string;
  destination: string;
  dimensions: string;
}

export const SELECT_ROWS = 'SELECT s.*, p.code AS twin FROM shipments s LEFT JOIN shipments p ON p.id = s.parent_id';

/** The one place the JSON columns are read. */
export function fromRow(r: ShipmentRow): ShipmentRecord {
  return {
    ...r,
    origin: JSON.parse(r.origin) as ShipmentRecord['origin'],
    destination: JSON.parse(r.destination) as ShipmentRecord['destination'],
    dimensions: JSON.parse(r.dimensions) as ShipmentRecord['dimensions'],
  };
}
