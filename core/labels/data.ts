import type { PartyT } from '../schemas/common.js';
import type { ShipmentRow } from '../shipments/store.js';
import type { LabelData, PartyLines } from './layout.js';

function lines(p: PartyT): PartyLines {
  return { name: p.contact.name, phone: p.contact.phone, ...p.address };
}

/** A shipment row as the label prints it; the caller supplies what lives elsewhere (office, piece total, token). */
export function labelData(
  row: ShipmentRow,
  extra: { qr: string; office: LabelData['office']; packagesOfParent: number | null },
): LabelData {
  const dims = JSON.parse(row.dimensions) as { weight: number };
  return {
    code: row.code,
    qr: extra.qr,
    method: row.method,
    type: row.type,
    ref: row.ref,
    weightKg: dims.weight,
    receiver: lines(JSON.parse(row.destination) as PartyT),
    sender: lines(JSON.parse(row.origin) as PartyT),
    piece: row.parent_id !== null && row.number !== null ? { number: row.number, total: extra.packagesOfParent ?? row.number } : null,
    office: extra.office,
  };
}
