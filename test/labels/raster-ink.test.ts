import { describe, expect, it } from 'vitest';
import { LABEL_HEIGHT_MM, LABEL_WIDTH_MM } from '../../core/platform/drawing/primitives.js';
import { labelLayout, type LabelData } from '../../core/features/labels/layout.js';
import { darkDots, drawText } from '../../core/features/labels/raster.js';
import { LONG_ACCENTED } from './fixtures.js';

const party = (name: string, street: string, city: string) => ({
  name,
  phone: '+5491155550000',
  street,
  city,
  state: 'CABA',
  zip: 'C1043',
  country: 'AR',
});
const base: LabelData = {
  code: 'INK0000001',
  qr: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJjb2RlIjoiSU5LMDAwMDAwMSIsImFjYyI6MSwiaWF0IjoxNzk1NjcwMDAwfQ.c2lnbmF0dXJl',
  method: 'STANDARD',
  type: 'DELIVERY',
  ref: 'ORD-1',
  weightKg: 1.2,
  receiver: party('José Pérez', 'Av. Corrientes 1234', 'Buenos Aires'),
  sender: party('Depósito', 'Bv. San Juan 500', 'Córdoba'),
  piece: null,
  office: null,
};
/** Text that reaches every edge a glyph can: accents above, descenders below, wide and bold runs, shrunk lines. */
const labels: LabelData[] = [
  base,
  { ...base, method: 'EXPRESS', ref: 'ÁÉÍÓÚ-ÑÇ-gjpqy|[]{}', weightKg: 29.999 },
  { ...base, receiver: party(LONG_ACCENTED.name, LONG_ACCENTED.street, LONG_ACCENTED.city), language: 'es' },
  { ...base, method: 'PICKUP', office: { code: 'OF-123', name: 'Sucursal Microcentro – Galería Güemes' } },
  { ...base, piece: { number: 3, total: 12 }, ref: 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW' },
];

/**
 * Issue 17 (speed): the raster reads back only the boxes its text inked, not the whole canvas (which cost about half
 * of a label's drawing). Every dark dot of the whole canvas must still be found.
 */
describe("the raster's text, read back box by box", () => {
  for (const dpi of [203, 300])
    it(`at ${dpi} dpi finds every dark dot of the whole canvas, reading under half of it`, () => {
      for (const label of labels) {
        const width = Math.round((LABEL_WIDTH_MM / 25.4) * dpi);
        const height = Math.round((LABEL_HEIGHT_MM / 25.4) * dpi);
        const stride = Math.ceil(width / 8);
        const { ctx, inked } = drawText(labelLayout(label), width, height, dpi);
        const whole = new Uint8Array(stride * height);
        darkDots(ctx, [{ x: 0, y: 0, w: width, h: height }], whole, stride);
        const boxed = new Uint8Array(stride * height);
        darkDots(ctx, inked, boxed, stride);
        expect(whole.some((b) => b !== 0)).toBe(true);
        expect(Buffer.from(boxed).equals(Buffer.from(whole)), label.ref).toBe(true);
        const read = inked.reduce((n, b) => n + b.w * b.h, 0);
        expect(read).toBeLessThan((width * height) / 2);
      }
    });
});
