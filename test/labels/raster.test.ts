import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { accentedBody, accountWithToken, createShipment } from './fixtures.js';
import { blackBits, decode, rasterPng, renderPages, scratch } from './tools.js';

/**
 * The thermal raster is drawn from the same layout as the PDF: at 203 and 300 dpi it must decode like the PDF
 * and agree with poppler's rendering of the PDF at the same resolution, pixel for pixel but for edges.
 */
describe('label raster for thermal printers', () => {
  const tmp = scratch();
  let s: Station;
  let acc: number;
  let code: string;

  beforeAll(async () => {
    // A fixed clock: both renderings sign the same token (Ed25519 is deterministic), so their QRs are equal.
    s = await startInProcess({ clock: fixedClock('2026-11-21T10:00:00Z') });
    const a = await accountWithToken(s, 'acme', ALL_PERMISSIONS);
    acc = a.id;
    code = (await createShipment(s, a.token, { method: 'EXPRESS', ...accentedBody() })).code;
  });
  afterAll(async () => {
    await s.stop();
    tmp.remove();
  });

  for (const dpi of [203, 300] as const) {
    it(`at ${dpi} dpi: decodes, sets labelled_at, and matches the PDF`, async () => {
      const labels = s.services!.labels;
      const raster = await labels.renderRaster(acc, code, dpi);
      expect(raster).toMatchObject({
        dpi,
        width: Math.round((74 / 25.4) * dpi),
        height: Math.round((105 / 25.4) * dpi),
      });
      expect(raster.stride).toBe(Math.ceil(raster.width / 8));
      expect(raster.data.length).toBe(raster.stride * raster.height);
      expect((await s.services!.shipments.get(acc, code)).labelled_at).not.toBeNull();

      const found = await decode(rasterPng(raster, tmp.file(`raster-${dpi}.png`)));
      expect(found.code128).toEqual([code]);
      const token = found.qr[0]!;
      expect((await s.services!.qr.verify(token)).code).toBe(code);

      const pdf = tmp.file(`label-${dpi}.pdf`, await labels.renderPdf(acc, [code], { format: 'PDF_A7' }));
      const [page] = await renderPages(pdf, dpi);
      const ref = blackBits(page!);
      // poppler rounds the page size up to whole pixels, the raster to the nearest: at most one dot apart.
      expect(Math.abs(ref.width - raster.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(ref.height - raster.height)).toBeLessThanOrEqual(1);
      const w = Math.min(ref.width, raster.width);
      const h = Math.min(ref.height, raster.height);
      let differ = 0;
      let black = 0;
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const bit = (raster.data[y * raster.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
          black += bit;
          if (bit !== ref.black[y * ref.width + x]) differ++;
        }
      console.log(`${dpi} dpi: ${((100 * differ) / (w * h)).toFixed(2)}% of dots differ from the PDF`);
      // Only edge dots may differ (anti-aliased glyph edges thresholded, bar edges rounded to whole dots).
      expect(differ / (w * h)).toBeLessThan(0.03);
      expect(black / (w * h)).toBeGreaterThan(0.05);
    });
  }
});
