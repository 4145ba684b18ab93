import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { resourcePath } from '../../core/platform/resources.js';
import { directAccount } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';

/**
 * The default card's sizes: S 30 cm side / 60 cm sum / 2 kg, M 50/100/5, L 80/150/15, XL 120/200/30.
 * A Tuesday morning in Córdoba, so that every method is offered.
 */
describe('GET /quote from the parcel', () => {
  const clock = fixedClock('2026-11-24T10:00:00-03:00');
  let s: Station;
  let token: string;
  const quote = (query: string) => s.request('GET', `/quote?zip=5000&${query}`, { token });
  const parcel = (l: number, w: number, h: number, kg: number) => `length=${l}&width=${w}&height=${h}&weight=${kg}`;
  const rates = (body: Array<{ rate: number }>) => body.map((o) => o.rate);

  beforeAll(async () => {
    s = await startInProcess({ clock });
    token = (await directAccount(s, 'quoter', ['rates.read'])).token;
  });
  afterAll(() => s.stop());

  it('quotes the smallest size whose side, sum and weight limits hold the parcel, limits included', async () => {
    const bySize: Record<string, unknown> = {};
    for (const size of ['S', 'M', 'L', 'XL']) bySize[size] = (await quote(`size=${size}`)).body;
    // The sizes are priced apart, so a wrong size cannot pass for a right one.
    expect(new Set(Object.values(bySize).map((b) => JSON.stringify(rates(b as never)))).size).toBe(4);

    const cases: Array<[string, string]> = [
      [parcel(30, 20, 10, 2), 'S'], // every S limit exactly
      [parcel(31, 10, 10, 1), 'M'], // the side leaves S
      [parcel(25, 25, 11, 1), 'M'], // the sum leaves S (61 cm)
      [parcel(10, 10, 10, 2.01), 'M'], // the weight leaves S
      [parcel(50, 30, 20, 5), 'M'],
      [parcel(60, 40, 40, 3), 'L'],
      [parcel(20, 20, 20, 15.5), 'XL'],
      [parcel(120, 40, 40, 30), 'XL'],
    ];
    for (const [query, size] of cases) {
      const r = await quote(query);
      expect(r.status, `${query}: ${r.text}`).toBe(200);
      expect(r.body, `${query} is ${size}`).toEqual(bySize[size]);
    }
  });

  it('refuses a parcel beyond the largest size, naming each field that breaks it', async () => {
    const heavy = await quote(parcel(30, 20, 10, 40));
    expect(heavy.status).toBe(400);
    expect(heavy.body).toMatchObject({
      code: 'validation_failed',
      detail: 'weight 40 kg is over the largest size (30 kg)',
      errors: [
        {
          path: '/weight',
          message: '40 kg is over the largest size (30 kg)',
          code: 'over_size',
          params: { measure: 'weight', value: 40, limit: 30, unit: 'kg' },
        },
      ],
    });

    const long = await quote(parcel(130, 10, 10, 1));
    expect(long.body.errors).toEqual([
      {
        path: '/length',
        message: "130 cm is over the largest size's longest side (120 cm)",
        code: 'over_size',
        params: { measure: 'side', value: 130, limit: 120, unit: 'cm' },
      },
    ]);

    const bulky = await quote(parcel(70, 70, 70, 31));
    expect(bulky.body.errors).toEqual([
      {
        path: '/weight',
        message: '31 kg is over the largest size (30 kg)',
        code: 'over_size',
        params: { measure: 'weight', value: 31, limit: 30, unit: 'kg' },
      },
      ...['length', 'width', 'height'].map((f) => ({
        path: `/${f}`,
        message: 'length + width + height = 210 cm is over the largest size (200 cm)',
        code: 'over_size',
        params: { measure: 'sum', value: 210, limit: 200, unit: 'cm' },
      })),
    ]);
  });

  it('takes all four measures and then no size, else a 400 naming the field', async () => {
    const partial = await quote('length=10&weight=1');
    expect(partial.status).toBe(400);
    expect(partial.body.errors).toEqual([
      {
        path: '/width',
        message: 'is required with length, weight',
        code: 'required',
        params: { with: ['length', 'weight'] },
      },
      {
        path: '/height',
        message: 'is required with length, weight',
        code: 'required',
        params: { with: ['length', 'weight'] },
      },
    ]);
    const both = await quote(`size=S&${parcel(10, 10, 10, 1)}`);
    expect(both.status).toBe(400);
    expect(both.body.errors.map((e: { path: string }) => e.path)).toEqual(['/size']);
    for (const bad of ['length=0', 'width=-1', 'height=abc', 'weight=1e6']) {
      const r = await quote(`${parcel(10, 10, 10, 1)}&${bad}`);
      expect(r.status, bad).toBe(400);
      expect(
        r.body.errors.map((e: { path: string }) => e.path),
        bad,
      ).toEqual([`/${bad.split('=')[0]}`]);
    }
  });

  it("follows the active rate card's limits", async () => {
    const card = JSON.parse(readFileSync(resourcePath('ratecard.json'), 'utf8'));
    const before = await quote(parcel(30, 20, 10, 40));
    expect(before.status).toBe(400);
    card.version = 'heavier-xl';
    card.sizes.XL.max_weight_kg = 50;
    await s.services!.quotes.import(card, 'test');
    const after = await quote(parcel(30, 20, 10, 40));
    expect(after.status).toBe(200);
    expect(after.body).toEqual((await quote('size=XL')).body);
  });
});
