import type { ShipmentRecord } from '../shipments/record.js';

/** The text of a label in ESC/POS native mode, as plain lines for the printer's own font. */
export function nativeLines(r: ShipmentRecord): string[] {
  const to = r.destination;
  const from = r.origin;
  const a = to.address;
  return [
    `${r.method} ${r.type}  ref ${r.ref}`,
    r.number !== null && r.twin ? `package ${r.number} of ${r.twin}` : '',
    'TO:',
    to.contact.name,
    a.street,
    `${a.zip} ${a.city}, ${a.state} ${a.country}`,
    to.contact.phone ?? '',
    'FROM:',
    from.contact.name,
    `${from.address.street}, ${from.address.zip} ${from.address.city} ${from.address.country}`,
  ].filter(Boolean);
}
