import { describe, expect, it } from 'vitest';
import { verticalMetrics } from '../../core/platform/drawing/fonts.js';
import { labelLayout, type LabelData } from '../../core/features/labels/layout.js';
import { LABEL_HEIGHT_MM, LABEL_WIDTH_MM, type Primitive } from '../../core/platform/drawing/primitives.js';

type Box = { x0: number; y0: number; x1: number; y1: number; what: string };

/** The ink box of a primitive in mm; barcodes grow by the quiet zone they need (Code 128: 10 modules, QR: 2). */
function boxOf(p: Primitive, withQuietZone: boolean): Box {
  if (p.kind === 'text') {
    const { ascent, descent } = verticalMetrics(p.face, p.size);
    return { x0: p.x, y0: p.y - ascent, x1: p.x + p.width, y1: p.y + descent, what: `text "${p.text}"` };
  }
  if (p.kind === 'rect') return { x0: p.x, y0: p.y, x1: p.x + p.w, y1: p.y + p.h, what: 'rule' };
  const qz = withQuietZone ? (p.rows === 1 ? 10 * p.module : 2 * p.module) : 0;
  const qy = withQuietZone && p.rows > 1 ? qz : 0;
  return {
    x0: p.x - qz,
    y0: p.y - qy,
    x1: p.x + p.cols * p.module + qz,
    y1: p.y + p.rows * p.moduleHeight + qy,
    what: p.rows === 1 ? 'Code 128' : 'QR',
  };
}

const overlap = (a: Box, b: Box) =>
  a.x0 < b.x1 - 1e-6 && b.x0 < a.x1 - 1e-6 && a.y0 < b.y1 - 1e-6 && b.y0 < a.y1 - 1e-6;

function expectClean(prims: Primitive[]): void {
  const boxes = prims.map((p) => boxOf(p, false));
  for (const b of boxes) {
    expect(b.x0, b.what).toBeGreaterThanOrEqual(3 - 1e-6);
    expect(b.x1, b.what).toBeLessThanOrEqual(LABEL_WIDTH_MM - 3 + 1e-6);
    expect(b.y0, b.what).toBeGreaterThanOrEqual(3 - 1e-6);
    expect(b.y1, b.what).toBeLessThanOrEqual(LABEL_HEIGHT_MM - 3 + 1e-6);
  }
  // No two things touch, and each barcode keeps its quiet zone clear of text and other symbols.
  for (let i = 0; i < prims.length; i++)
    for (let j = i + 1; j < prims.length; j++) {
      const a = boxOf(prims[i]!, prims[j]!.kind === 'text' || prims[j]!.kind === 'modules');
      const b = boxOf(prims[j]!, prims[i]!.kind === 'text' || prims[i]!.kind === 'modules');
      expect(overlap(a, b), `${a.what} overlaps ${b.what}`).toBe(false);
    }
}

const long = 'Ñúñez Łukasiewicz-Ğündoğdu Świętosławska Müller-Øverlândssø '.repeat(12);
const token = 'eyJhbGciOiJFZERTQSIsImtpZCI6IkFCQ0RFRkdISUpLTE1OT1AifQ.' + 'x'.repeat(70) + '.' + 'y'.repeat(86);

const full: LabelData = {
  code: 'K7QX9M2PZA',
  qr: token,
  method: 'PICKUP',
  type: 'EXCHANGE',
  ref: long,
  weightKg: 12345.678,
  receiver: { name: long, phone: '+123456789012345', street: long, city: long, state: long, zip: long, country: 'PL' },
  sender: { name: long, street: long, city: long, state: long, zip: long, country: 'ES' },
  piece: { number: 12, total: 99 },
  office: { code: long, name: long },
};

describe('label layout', () => {
  it('keeps every element of a label with the longest texts inside the label and apart from each other', () => {
    expectClean(labelLayout(full));
  });

  it('does the same for a minimal label and a label with a longer QR token', () => {
    expectClean(
      labelLayout({
        ...full,
        method: 'EXPRESS',
        ref: 'A',
        receiver: { ...full.receiver, name: 'Al', phone: undefined },
        piece: null,
        office: null,
      }),
    );
    expectClean(labelLayout({ ...full, qr: token + 'z'.repeat(120) }));
  });

  it('shrinks, wraps and finally cuts text with an ellipsis rather than overflowing', () => {
    const texts = labelLayout(full).filter((p) => p.kind === 'text');
    const name = texts.filter((t) => t.text.startsWith('Ñúñez') || t.text.includes('…'));
    expect(name.length).toBeGreaterThan(1);
    expect(texts.some((t) => t.text.endsWith('…'))).toBe(true);
  });

  it('prints characters the font lacks as "?" instead of empty boxes', () => {
    const texts = labelLayout({ ...full, receiver: { ...full.receiver, name: '山田 太郎 Ünal' } }).filter(
      (p) => p.kind === 'text',
    );
    expect(texts.map((t) => t.text)).toContain('?? ?? Ünal');
  });
});
