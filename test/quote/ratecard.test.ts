import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../core/shared/errors.js';
import { compileRateCard } from '../../core/features/quote/ratecard.js';
import { resourcePath } from '../../core/platform/resources.js';

const defaultCard = () => JSON.parse(readFileSync(resourcePath('ratecard.json'), 'utf8'));

/** The paths of every problem compileRateCard reports for the default card changed by `edit`. */
function problems(edit: (card: any) => void): string[] {
  const card = defaultCard();
  edit(card);
  try {
    compileRateCard(card);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    expect(e.code).toBe('validation_failed');
    return e.errors!.map((x) => x.path);
  }
  return [];
}

describe('rate-card validation', () => {
  it('accepts the shipped default card', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it.each<[string, (c: any) => void, string[]]>([
    ['an unknown format version', (c) => (c.format_version = 2), ['/format_version']],
    ['a bad cut-off time', (c) => (c.cutoff = '24:00'), ['/cutoff']],
    ['a cut-off after the delivery time', (c) => (c.cutoff = '19:00'), ['/cutoff']],
    ['an unknown time zone', (c) => (c.origin.time_zone = 'America/Atlantis'), ['/origin/time_zone']],
    ['a currency that is not ISO 4217', (c) => (c.currency = 'ARX'), ['/currency']],
    ['an impossible holiday', (c) => (c.holidays[0].date = '2026-02-30'), ['/holidays/0/date']],
    ['a weekday 8', (c) => c.working_days.push(8), ['/working_days/5']],
    ['sizes out of order', (c) => (c.sizes.L.max_weight_kg = 1), ['/sizes/L/max_weight_kg']],
    ['a repeated zone', (c) => (c.zones[1].id = 'LOCAL'), ['/zones/1/id']],
    [
      'a zone with neither zips nor distance',
      (c) => (delete c.zones[0].zips, delete c.zones[0].distance_km),
      ['/zones/0'],
    ],
    ['a reversed zip range', (c) => (c.zones[0].zips[0] = { from: '5017', to: '5000' }), ['/zones/0/zips/0/to']],
    ['a reversed distance band', (c) => (c.zones[0].distance_km = { from: 30, to: 20 }), ['/zones/0/distance_km/to']],
    [
      'a method serving an unknown zone',
      (c) => (c.methods[0].zones.MARS = c.methods[0].zones.LOCAL),
      ['/methods/0/zones/MARS'],
    ],
    ['a lower-case zone key', (c) => (c.methods[0].zones.local = c.methods[0].zones.LOCAL), ['/methods/0/zones/local']],
    [
      'transit min above max',
      (c) => (c.methods[0].zones.LOCAL.transit_days = [3, 1]),
      ['/methods/0/zones/LOCAL/transit_days'],
    ],
    [
      'a same-day method taking days',
      (c) => (c.methods[2].zones.LOCAL.transit_days = [0, 1]),
      ['/methods/2/zones/LOCAL/transit_days'],
    ],
    ['a repeated method', (c) => (c.methods[1].method = 'STANDARD'), ['/methods/1/method']],
    ['a negative rate', (c) => (c.methods[0].zones.LOCAL.rates.S = -1), ['/methods/0/zones/LOCAL/rates/S']],
    ['an unknown member', (c) => (c.discount = 10), ['/discount']],
    ['a bad zip_key', (c) => (c.zip_key = '(['), ['/zip_key']],
  ])('refuses %s, naming the place', (_label, edit, paths) => {
    expect(problems(edit)).toEqual(expect.arrayContaining(paths));
  });

  it('lists every problem of a card at once', () => {
    const paths = problems((c) => {
      c.currency = 'ARX';
      c.zones[0].zips[0] = { from: '5017', to: '5000' };
      c.methods[0].zones.MARS = c.methods[0].zones.LOCAL;
    });
    expect(paths).toEqual(['/currency', '/zones/0/zips/0/to', '/methods/0/zones/MARS']);
  });
});
