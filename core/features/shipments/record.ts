import type { Method, OperationType, Status, SubStatus } from '../../shared/schemas/codes.js';
import type { PartyT, ShipmentDimensionsT } from '../../platform/schemas/common.js';

/**
 * A stored shipment as the service works with it: what the shipments store returns, its JSON columns already
 * read. Other features receive it through the shipment service and never see the table's row.
 */
export interface ShipmentRecord {
  id: number;
  account_id: number;
  code: string;
  ref: string;
  type: OperationType;
  method: Method;
  office_id: number | null;
  value: number | null;
  content: string | null;
  notes: string | null;
  platform: string | null;
  origin: PartyT;
  destination: PartyT;
  dimensions: ShipmentDimensionsT;
  status: Status;
  sub_status: SubStatus | null;
  parent_id: number | null;
  /** For a package: its number within the parent, from 1. */
  number: number | null;
  /** How many packages a parent has. */
  packages: number;
  created_at: number;
  updated_at: number;
  labelled_at: number | null;
  /** For a package: its parent's code. */
  twin: string | null;
}

/** What a new shipment is made of; the store adds the id, the package count and the times it keeps. */
export type NewShipment = Omit<ShipmentRecord, 'id' | 'twin' | 'packages' | 'labelled_at' | 'sub_status'>;

/** One correction of a shipment before its label, as stored: each changed field's value before and after. */
export interface ShipmentChangeRecord {
  id: number;
  date: number;
  made_by: string;
  changes: Array<{ field: 'dimensions' | 'method' | 'office' | 'content' | 'notes'; from: unknown; to: unknown }>;
}
