import type { PartyT } from '../../platform/schemas/common.js';
import type { ShipmentRecord } from '../shipments/record.js';
import type { LabelData, PartyLines } from './layout.js';

function lines(p: PartyT): PartyLines {
  return { name: p.contact.name, phone: p.contact.phone, ...p.address };
}

/** A shipment as the label prints it; the caller supplies what lives elsewhere (office, piece total, token). */
export function labelData(
  row: ShipmentRecord,
  extra: { qr: string; office: LabelData['office']; packagesOfParent: number | null; language?: LabelData['language'] },
): LabelData {
  // The label service refuses a shipment without a weight before this (labellable): none is ever made up here.
  if (row.dimensions.weight === null) throw new Error(`shipment ${row.code} has no weight to print`);
  return {
    code: row.code,
    qr: extra.qr,
    method: row.method,
    type: row.type,
    ref: row.ref,
    weightKg: row.dimensions.weight,
    receiver: lines(row.destination),
    sender: lines(row.origin),
    piece:
      row.parent_id !== null && row.number !== null
        ? { number: row.number, total: extra.packagesOfParent ?? row.number }
        : null,
    office: extra.office,
    ...(extra.language ? { language: extra.language } : {}),
  };
}
