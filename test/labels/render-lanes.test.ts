import { afterAll, describe, expect, it } from 'vitest';
import type { MonoRaster } from '../../core/platform/drawing/raster-types.js';
import type { LabelData } from '../../core/features/labels/layout.js';
import { rasterMemo } from '../../core/features/labels/raster-memo.js';
import { createRenderPool } from '../../core/features/labels/render-pool.js';

const label = (n: number): LabelData => ({
  code: `LANE${String(n).padStart(6, '0')}`,
  qr: 'eyJhbGciOiJFZERTQSJ9.eyJjb2RlIjoiTEFORTAwMDAwMCJ9.c2lnbmF0dXJl',
  method: 'STANDARD',
  type: 'DELIVERY',
  ref: `ORD-${n}`,
  weightKg: 1.2,
  receiver: {
    name: 'José Pérez',
    street: 'Av. Corrientes 1234',
    city: 'Buenos Aires',
    state: 'CABA',
    zip: 'C1043',
    country: 'AR',
  },
  sender: {
    name: 'Depósito',
    street: 'Bv. San Juan 500',
    city: 'Córdoba',
    state: 'Córdoba',
    zip: 'X5000',
    country: 'AR',
  },
  piece: null,
  office: null,
});

/**
 * Issue 17 (speed): on a two-core desk PC the drawing pool had one worker, and a desk's single label queued behind
 * whatever it was drawing: a 500-label document, or a batch's labels. The desk's label has a lane of its own.
 */
describe('the drawing lanes', () => {
  // One bulk worker, as on the usual two-core desk PC.
  const pool = createRenderPool({ threads: 1 });
  afterAll(() => pool.close());

  it("draws a desk's label while a long document is being drawn, not after it", async () => {
    await pool.warm();
    const document = (n: number) => {
      const task = pool.pdf({
        labels: Array.from({ length: n }, (_, i) => label(i)),
        format: 'PDF_A7',
        start: 1,
        title: 'batch',
      });
      return task.then(() => performance.now());
    };
    const drawn = (lane: 'desk' | 'bulk') =>
      pool.raster({ label: label(9999), dpi: 203 }, lane).then(() => performance.now());

    // In the bulk lane (one pool, as before) the label waits for the whole document...
    const [documentA, behind] = await Promise.all([document(150), drawn('bulk')]);
    expect(behind).toBeGreaterThan(documentA);
    // ...in its own lane it is drawn while the document is.
    const [documentB, mine] = await Promise.all([document(150), drawn('desk')]);
    expect(mine).toBeLessThan(documentB);
  }, 120_000);
});

describe('the last labels drawn', () => {
  const fake = () => {
    const calls: string[] = [];
    let fail = false;
    const draw = rasterMemo((l, dpi, lane) => {
      calls.push(`${l.code}@${dpi}/${lane}`);
      if (fail) return Promise.reject(new Error('no'));
      return Promise.resolve({ width: 1, height: 1, stride: 1, data: new Uint8Array(1), dpi } satisfies MonoRaster);
    });
    return { calls, draw, failing: (v: boolean) => (fail = v) };
  };

  it('draws a label once for the preview and the print that ask for it together', async () => {
    const { calls, draw } = fake();
    const [a, b] = await Promise.all([draw(label(1), 203, 'desk'), draw(label(1), 203, 'bulk')]);
    expect(a).toBe(b);
    expect(calls).toEqual(['LANE000001@203/desk']);
  });

  it('draws again what differs in anything printed, or in dpi, and keeps only the last few', async () => {
    const { calls, draw } = fake();
    await draw(label(1), 203, 'desk');
    await draw({ ...label(1), weightKg: 2 }, 203, 'desk');
    await draw(label(1), 300, 'desk');
    expect(calls).toHaveLength(3);
    for (let i = 2; i < 12; i++) await draw(label(i), 203, 'desk');
    await draw(label(1), 203, 'desk');
    expect(calls).toHaveLength(14);
  });

  it('does not keep a drawing that failed', async () => {
    const { calls, draw, failing } = fake();
    failing(true);
    await expect(draw(label(1), 203, 'desk')).rejects.toThrow('no');
    failing(false);
    await draw(label(1), 203, 'desk');
    expect(calls).toHaveLength(2);
  });
});
