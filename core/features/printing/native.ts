import { PRINTED_WORDS } from '../../platform/drawing/words.js';
import type { LabelData } from '../labels/layout.js';
import type { NativeLabel } from './types.js';

/**
 * A label in ESC/POS native mode: the printer draws the code and the QR, and prints as lines of its own font
 * what the drawn label shows (labels/layout.ts), in its order.
 */
export function nativeLabel(d: LabelData): NativeLabel {
  const w = PRINTED_WORDS[d.language ?? 'en'];
  const to = d.receiver;
  const from = d.sender;
  return {
    code: d.code,
    qr: d.qr,
    lines: [
      `${w.method[d.method] ?? d.method} ${w.type[d.type] ?? d.type}`,
      d.piece ? w.piece(d.piece.number, d.piece.total) : '',
      `${w.to}:`,
      to.name,
      to.street,
      `${to.zip} ${to.city}, ${to.state} ${to.country}`,
      to.phone ? `${w.phone} ${to.phone}` : '',
      `${w.from}:`,
      from.name,
      `${from.street}, ${from.zip} ${from.city} ${from.country}`,
      ...(d.office ? [`${w.pickupOffice}:`, d.office.code, d.office.name] : []),
      `${w.ref}: ${d.ref}`,
      `${w.weight}: ${w.kg(d.weightKg)} kg`,
    ].filter(Boolean),
  };
}
