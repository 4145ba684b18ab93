import { PRINTED_WORDS, type PrintLanguage } from '../drawing/words.js';
import type { ShipmentRecord } from '../shipments/record.js';

/** The text of a label in ESC/POS native mode, as plain lines for the printer's own font. */
export function nativeLines(r: ShipmentRecord, language: PrintLanguage = 'en'): string[] {
  const w = PRINTED_WORDS[language];
  const to = r.destination;
  const from = r.origin;
  const a = to.address;
  return [
    `${w.method[r.method] ?? r.method} ${w.type[r.type] ?? r.type}  ${w.ref} ${r.ref}`,
    r.number !== null && r.twin ? w.packageOf(r.number, r.twin) : '',
    `${w.to}:`,
    to.contact.name,
    a.street,
    `${a.zip} ${a.city}, ${a.state} ${a.country}`,
    to.contact.phone ?? '',
    `${w.from}:`,
    from.contact.name,
    `${from.address.street}, ${from.address.zip} ${from.address.city} ${from.address.country}`,
  ].filter(Boolean);
}
