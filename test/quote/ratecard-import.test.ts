import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcePath } from '../../core/platform/resources.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { directAccount } from '../helpers/fixtures.js';

/** The real `station ratecard import` command against a running service on the same data (needs `npm run build:core`). */
describe('station ratecard import', () => {
  let s: Station;
  let token: string;
  const files = mkdtempSync(join(tmpdir(), 'ratecards-'));
  const write = (name: string, card: unknown) => {
    const file = join(files, name);
    writeFileSync(file, typeof card === 'string' ? card : JSON.stringify(card, null, 2));
    return file;
  };
  const card = () => JSON.parse(readFileSync(resourcePath('ratecard.json'), 'utf8'));
  const standardRate = async (zip: string) =>
    (await s.request('GET', `/quote?zip=${zip}`, { token })).body.find(
      (o: { method: string }) => o.method === 'STANDARD',
    )?.rate;

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'rates', ['rates.read'])).token;
  });
  afterAll(async () => {
    await s.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it('starts with the shipped default card', async () => {
    const show = await s.cli(['ratecard', 'show']);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`version     ${card().version}`);
    expect(await standardRate('5000')).toBe(4900);
  });

  it('makes a good card active at once for the running service', async () => {
    const next = card();
    next.version = '2027-01';
    next.currency = 'USD';
    next.methods[0].zones.LOCAL.rates.M = 5.5;
    const r = await s.cli(['ratecard', 'import', write('good.json', next)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/rate card 2027-01 is active/);
    const q = await s.request('GET', '/quote?zip=5000', { token });
    expect(q.body.find((o: { method: string }) => o.method === 'STANDARD')).toMatchObject({
      rate: 5.5,
      currency: 'USD',
    });
    expect((await s.cli(['ratecard', 'show'])).stdout).toContain('version     2027-01');
  });

  it('refuses a bad card whole, names each place, and keeps the previous card', async () => {
    const bad = card();
    bad.version = 'broken';
    bad.methods[0].zones.LOCAL.rates.M = 1;
    bad.zones[2].zips[0] = { from: '8299', to: '1000' };
    bad.methods[1].zones.MARS = bad.methods[1].zones.LOCAL;
    const r = await s.cli(['ratecard', 'import', write('bad.json', bad)]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('zones.2.zips.0.to: must not be before from');
    expect(r.stderr).toContain('methods.1.zones.MARS: is not a zone of this card');
    expect(await standardRate('5000')).toBe(5.5);
  });

  it('refuses a card of more zones or postal-code ranges than a quote may walk (issue 18: 100,000 zones held a quote 5 s)', async () => {
    const huge = card();
    huge.zones = Array.from({ length: 100_000 }, (_, i) => ({
      id: `Z${i}`,
      name: `Zone ${i}`,
      distance_km: { from: i, to: i + 1 },
    }));
    huge.methods = [{ ...huge.methods[0], zones: { Z0: huge.methods[0].zones.LOCAL } }];
    const r = await s.cli(['ratecard', 'import', write('huge.json', huge)]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/zones: must NOT have more than 1000 items/);

    const ranges = card();
    ranges.zones[0].zips = Array.from({ length: 1000 }, (_, i) => ({ from: String(1000 + i), to: String(1000 + i) }));
    for (let z = 1; z < 12; z++) ranges.zones.push({ id: `R${z}`, name: `R${z}`, zips: ranges.zones[0].zips });
    const many = await s.cli(['ratecard', 'import', write('ranges.json', ranges)]);
    expect(many.code, many.stderr).toBe(2);
    expect(many.stderr).toMatch(/zones:? hold 1\d{4} postal-code ranges in all; a card may hold at most 10000/);
    expect(await standardRate('5000')).toBe(5.5);
  });

  it('refuses a file that is not JSON', async () => {
    const r = await s.cli(['ratecard', 'import', write('text.json', '{ "format": ')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/is not JSON/);
    expect(await standardRate('5000')).toBe(5.5);
  });
});
