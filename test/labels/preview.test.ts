import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { accountWithToken, createShipment } from './fixtures.js';
import { blackBits, decode, rasterPng, scratch } from './tools.js';

describe('GET /labels/preview', () => {
  const clock = fixedClock('2026-11-21T10:00:00Z');
  const tmp = scratch();
  let s: Station;
  let token: string;
  let acc: number;
  const preview = (code: string, t = token) => s.request('GET', `/labels/preview?code=${code}`, { token: t });

  beforeAll(async () => {
    s = await startInProcess({ clock });
    ({ id: acc, token } = await accountWithToken(s, 'acme', ALL_PERMISSIONS));
  });
  afterAll(async () => {
    await s.stop();
    tmp.remove();
  });

  it('is the 203 dpi raster a thermal printer gets, as a PNG whose codes scan, and is not a label', async () => {
    const sh = await createShipment(s, token);
    const r = await preview(sh.code);
    expect(r.status, r.text).toBe(200);
    // An A7 label (74 x 105 mm) at 203 dots per inch.
    expect(r.body).toMatchObject({ width: 591, height: 839 });
    const [, b64] = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(r.body.image) ?? [];
    const png = tmp.file('preview.png', Buffer.from(b64!, 'base64'));

    const seen = await decode(png);
    expect(seen.code128).toEqual([sh.code]);
    expect(seen.qr).toEqual([(await s.request('GET', `/labels/qr?code=${sh.code}`, { token })).body.qr]);

    // A preview is not a label.
    expect((await s.request('GET', `/shipments/${sh.code}`, { token })).body.labelled_at).toBeNull();

    // Dot for dot what the printer path renders (which does label it).
    const printed = await s.services!.labels.renderRaster(acc, sh.code, 203);
    const shown = blackBits(png);
    const expected = blackBits(rasterPng(printed, tmp.file('printed.png')));
    expect({ width: shown.width, height: shown.height }).toEqual({ width: printed.width, height: printed.height });
    expect(Buffer.from(shown.black).equals(Buffer.from(expected.black))).toBe(true);
    expect((await s.request('GET', `/shipments/${sh.code}`, { token })).body.labelled_at).not.toBeNull();
  });

  it('has no preview for a canceled, unknown or foreign shipment, or a value that is not a code', async () => {
    const sh = await createShipment(s, token);
    await s.request('POST', `/shipments/${sh.code}/cancel`, { token });
    expect((await preview(sh.code)).status).toBe(409);
    expect((await preview('ZZZZZZZZZZ')).status).toBe(404);
    const mine = await createShipment(s, token);
    const { token: other } = await accountWithToken(s, 'rival', ALL_PERMISSIONS);
    expect((await preview(mine.code, other)).status).toBe(404);
    const bad = await preview('A-B');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['/code']);
  });
});
