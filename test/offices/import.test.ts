import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, station, type Station } from '../helpers/station.js';
import { generateOffices, officesJson } from '../../bench/offices-generator.js';
import { directAccount } from '../helpers/fixtures.js';

const HEADER = 'code,name,company,street,city,state,country,zip,lat,lng,active,parcel_enabled,opening_hours';
const row = (code: string, zip: string, extra = 'true,true,Mo-Fr 09:00-18:00') =>
  `${code},"Punto ${code}, local",Test S.A.,Belgrano 100,Villa Test,Córdoba,AR,${zip},-31.5,-64.3,${extra}`;

/** The real `station offices import` command against a running service on the same data (needs `npm run build:core`). */
describe('station offices import', () => {
  let s: Station;
  let token: string;
  const dir = mkdtempSync(join(tmpdir(), 'offices-'));
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const inZip = async (zip: string) => (await s.request('GET', `/offices?zip=${zip}`, { token })).body;

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'ops', ['shipments.write'])).token;
  });
  afterAll(async () => {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds offices from CSV and updates known codes; inactive rows stay hidden', async () => {
    const csv = [
      HEADER,
      row('T-1', '7777'),
      row('T-2', '7777', 'false,true,24/7'),
      row('T-3', '7777', ',,Mo-Sa 08:00-20:00'),
    ].join('\n');
    const r = await s.cli(['offices', 'import', write('new.csv', csv)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('offices: 3 added, 0 updated, 0 deactivated');
    const page = await inZip('7777');
    expect(page.data.map((o: { code: string }) => o.code)).toEqual(['T-1', 'T-3']);
    expect(page.data[0]).toMatchObject({
      name: 'Punto T-1, local',
      company: 'Test S.A.',
      address: { city: 'Villa Test', lat: -31.5, lng: -64.3 },
    });

    const json = JSON.stringify([
      {
        code: 't-1',
        name: 'Renamed',
        company: 'Test S.A.',
        street: 'Belgrano 200',
        city: 'Villa Test',
        state: 'Córdoba',
        country: 'AR',
        zip: '7777',
        lat: -31.5,
        lng: -64.3,
        opening_hours: '24/7',
      },
    ]);
    const u = await s.cli(['offices', 'import', write('update.json', json)]);
    expect(u.stdout.trim()).toBe('offices: 0 added, 1 updated, 0 deactivated');
    const after = await inZip('7777');
    expect(after.data[0]).toMatchObject({ id: page.data[0].id, name: 'Renamed', address: { street: 'Belgrano 200' } });
  });

  it('refuses a file with bad rows whole, naming each line', async () => {
    const json = [
      '[',
      '  {"code":"B-1","name":"Good","company":"C","street":"S 1","city":"X","state":"Y","country":"AR","zip":"6666","lat":-31,"lng":-64,"opening_hours":"24/7"},',
      '  {"code":"B-2","name":"Bad","company":"C","street":"S 1","city":"X","state":"Y","country":"XX","zip":"6666","lat":-91,"lng":-64,"opening_hours":"24/7"},',
      '  {"code":"B-1","name":"Again","company":"C","street":"S 1","city":"X","state":"Y","country":"AR","zip":"6666","lat":-31,"lng":-64,"opening_hours":"always"}',
      ']',
    ].join('\n');
    const r = await s.cli(['offices', 'import', write('bad.json', json)]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('line 3: country must be an ISO 3166-1 alpha-2 country code');
    expect(r.stderr).toContain('line 3: lat must be >= -90');
    expect(r.stderr).toMatch(/line 4: opening_hours must be opening hours/);
    expect(r.stderr).toContain('2 bad rows; nothing was imported');
    expect((await inZip('6666')).items).toBe(0);

    const csv = [HEADER, row('C-1', '5555'), row('C-1', '5555'), 'C-2,only,a,few,cells'].join('\n');
    const c = await s.cli(['offices', 'import', write('bad.csv', csv)]);
    expect(c.code, c.stderr).toBe(2);
    expect(c.stderr).toContain('line 3: code repeats the code of line 2');
    expect(c.stderr).toContain('line 4: row has 5 cells; the header has 13');
    expect((await inZip('5555')).items).toBe(0);
  });

  it('--replace makes the file the whole directory: left-out offices are deactivated', async () => {
    const csv = [HEADER, row('R-1', '4444'), row('R-2', '4445')].join('\n');
    const r = await s.cli(['offices', 'import', write('all.csv', csv), '--replace']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^offices: 2 added, 0 updated, \d{3} deactivated$/m);
    const all = (await s.request('GET', '/offices', { token })).body;
    expect(all.items).toBe(2);
    expect(all.data.map((o: { code: string }) => o.code).sort()).toEqual(['R-1', 'R-2']);
  });
});

/** Issue 18: the CLI was held to an HTTP body's 1 MiB ("content must NOT have more than 1048576 characters"). */
describe('station offices import of a national directory', () => {
  it('imports 10,000 offices (several MiB) in one go', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'offices-big-'));
    try {
      const file = join(dir, 'all.json');
      const offices = generateOffices(10_000);
      writeFileSync(file, officesJson(offices));
      expect(statSync(file).size).toBeGreaterThan(2 * 1024 * 1024);
      const r = await station(['offices', 'import', file, '--replace', '--data', join(dir, 'data')]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^offices: \d+ added, \d+ updated, \d+ deactivated$/m);
      const db = new Database(join(dir, 'data', 'station.db'), { readonly: true });
      expect(db.prepare('SELECT count(*) AS n FROM offices WHERE active = 1').get()).toEqual({
        n: offices.filter((o) => o.active !== false).length,
      });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The zip filter reads postal codes as the active rate card does: Argentine CPAs (X5000ABC) and plain codes meet. */
describe('office zip filter by postal key', () => {
  let s: Station;
  let token: string;
  const dir = mkdtempSync(join(tmpdir(), 'offices-key-'));

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'ops', ['shipments.write'])).token;
    const file = join(dir, 'cpa.csv');
    writeFileSync(
      file,
      [
        HEADER,
        row('K-1', 'X7711ABC'),
        row('K-2', '7711'),
        row('K-3', 'x 7711 abd'),
        row('K-4', '7712'),
        row('K-5', 'Y7711', 'false,true,24/7'),
      ].join('\n'),
    );
    expect((await s.cli(['offices', 'import', file])).code).toBe(0);
  });
  afterAll(async () => {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const codesIn = async (query: string) => {
    const r = await s.request('GET', `/offices?${query}`, { token });
    expect(r.status).toBe(200);
    return (r.body.data as Array<{ code: string }>).map((o) => o.code).sort();
  };

  it('matches X7711ABC, 7711 and "x 7711 abd" as one code under the default card, with and without near', async () => {
    for (const zip of ['7711', 'X7711ABC', 'x7711zzz', '%207711'])
      expect(await codesIn(`zip=${zip}`), zip).toEqual(['K-1', 'K-2', 'K-3']);
    expect(await codesIn('zip=X7711ABC&near=-31.5,-64.3')).toEqual(['K-1', 'K-2', 'K-3']);
    expect(await codesIn('zip=7712')).toEqual(['K-4']);
    expect(await codesIn('zip=771')).toEqual([]);
  });

  it('follows the rate card: a card without zip_key compares whole codes, case- and space-insensitive', async () => {
    const card = JSON.parse(readFileSync(new URL('../../resources/ratecard.json', import.meta.url), 'utf8'));
    delete card.zip_key;
    card.version = `${card.version}-whole-codes`;
    await s.services!.quotes.import(card, 'test');
    expect(await codesIn('zip=7711')).toEqual(['K-2']);
    expect(await codesIn('zip=x7711abc')).toEqual(['K-1']);
    expect(await codesIn('zip=X7711ABD')).toEqual(['K-3']);
  });
});
