import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAccount } from '../helpers/fixtures.js';
import { onPostgres, startInProcess, type Station } from '../helpers/station.js';
import { storeSql } from '../helpers/store-sql.js';
import { createShipment, party, type Body } from './fixtures.js';

const RW = ['shipments.read', 'shipments.write', 'events.write'];
const PARTIES = [undefined, 'RECEIVER', 'SENDER'] as const;
/** Words of one part and several, broad and narrow, with and without accents, on either side or both. */
const QUERIES = [
  ...['perez', 'PÉR', 'pe', 'cór', 'cordoba', 'rosario', 'ro', 'josé', 'x50', 'colón', 'z'],
  // Several words: on one side or across both, in any order, repeated, one a prefix of another.
  ...[
    'maria paz',
    'Villa CARLOS',
    'Villa Carlos Paz',
    'paz VILLA',
    'carlos carlos',
    'cordoba rosario',
    'depósito sur x5',
  ],
  'pa paz',
];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const tokens = (...texts: Array<string | undefined>) =>
  texts.flatMap((t) => fold(t ?? '').split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
const sideWords = (p: Body) =>
  tokens(
    p.contact?.name,
    p.contact?.email,
    p.address.street,
    p.address.city,
    p.address.state,
    p.address.zip,
    p.address.country,
  );

/**
 * The total of `q` counted by hand over every shipment of the account: each word (of one part here) a prefix of a
 * word of ref and code or of the sides searched.
 */
function bruteForce(all: Body[], q: string, side: (typeof PARTIES)[number]): Body[] {
  return all.filter((s) => {
    const words = [
      ...tokens(s.ref, s.code),
      ...(side !== 'SENDER' ? sideWords(s.destination) : []),
      ...(side !== 'RECEIVER' ? sideWords(s.origin) : []),
    ];
    return q
      .split(/\s+/)
      .map(fold)
      .every((w) => words.some((x) => x.startsWith(w)));
  });
}

/**
 * A search's total is exact whatever keeps it: counted over the matches, remembered, or kept per broad search (its
 * words, one or several) as the index is written, here from 3 matches on, so that every search of this small set
 * is kept once asked. Across
 * creates, a correction that changes a shipment's address (a PICKUP at an office), cancels and both sides.
 */
describe('search totals: exact against a count by hand', () => {
  let s: Station;
  let token: string;
  let other: string;
  const shipments = async (t: string): Promise<Body[]> => {
    const all: Body[] = [];
    for (let page = 1; ; page++) {
      const r = await s.request('GET', `/shipments?size=100&page=${page}`, { token: t });
      all.push(...r.body.data);
      if (all.length >= r.body.items) return all;
    }
  };
  async function expectExact(t: string): Promise<void> {
    const all = await shipments(t);
    const found: Record<string, [number, string[]]> = {};
    const expected: Record<string, [number, string[]]> = {};
    for (const q of QUERIES)
      for (const side of PARTIES) {
        const key = `${q} ${side ?? 'ANY'}`;
        const r = await s.request(
          'GET',
          `/shipments?q=${encodeURIComponent(q)}&size=2${side ? `&party=${side}` : ''}`,
          { token: t },
        );
        expect(r.status).toBe(200);
        // The total, and the page: the newest two matches (`all` is newest first).
        found[key] = [r.body.items, r.body.data.map((x: Body) => x.code)];
        const matches = bruteForce(all, q, side);
        expected[key] = [matches.length, matches.slice(0, 2).map((x) => x.code as string)];
      }
    expect(found).toEqual(expected);
  }
  const to = (name: string, city: string, zip: string) => ({ destination: party(name, city, zip) });
  const from = (name: string, city: string, zip: string) => ({ origin: party(name, city, zip) });

  beforeAll(async () => {
    s = await startInProcess({ env: { STATION_SEARCH_KEPT_FROM: '3' } });
    token = (await directAccount(s, 'acme', RW)).token;
    other = (await directAccount(s, 'rival', RW)).token;
    const names = ['José Pérez', 'María Paz', 'Jose Peralta', 'Lucía Perez', 'Rosa Roldán'];
    const cities: Array<[string, string]> = [
      ['Córdoba', 'X5000'],
      ['Rosario', 'S2000'],
      ['Villa Carlos Paz', 'X5152'],
    ];
    for (let i = 0; i < 15; i++) {
      const [city, zip] = cities[i % 3]!;
      const [fromCity, fromZip] = cities[(i + 1) % 3]!;
      await createShipment(s, i % 4 === 3 ? other : token, {
        ...to(names[i % names.length]!, city, zip),
        ...from(`Depósito ${i % 2 ? 'Norte' : 'Sur'}`, fromCity, fromZip),
      });
    }
  });
  afterAll(() => s.stop());

  it('counts each word once, keeps the broad ones, and stays exact across creates, a correction and cancels', async () => {
    // Asked twice: the first asking finds the broad words, which the station keeps from then on.
    await expectExact(token);
    await expect
      .poll(async () => Number((await storeSql<{ n: number }>(s, 'SELECT count(*) AS n FROM search_words_kept'))[0]!.n))
      .toBeGreaterThan(5);
    // A search of several words is kept too, under its words folded, distinct and sorted.
    const kept = (await storeSql<{ word: string }>(s, 'SELECT word FROM search_words_kept')).map((r) => r.word);
    expect(kept).toEqual(expect.arrayContaining(['perez', 'carlos villa']));
    await expectExact(token);
    await expectExact(other);

    // More shipments, searched before and after the background indexing takes them.
    const made: Body[] = [];
    for (const name of ['Pedro Pérez', 'Rosario Paz', 'Zoe Zárate'])
      made.push(
        await createShipment(s, token, { ...to(name, 'Córdoba', 'X5001'), ...from('Sur', 'Rosario', 'S2001') }),
      );
    await expectExact(token);

    // A correction: the address becomes the office's, so its words change (the old city's go, the office's come).
    const office = (await s.request('GET', '/offices?near=-31.4135,-64.1811&size=1', { token })).body.data[0];
    const corrected = await s.request('PATCH', `/shipments/${made[0]!.id}`, {
      token,
      body: { method: 'PICKUP', office: office.id },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.destination.address.street).not.toBe(made[0]!.destination.address.street);
    // Cancels: the words stay, the totals too.
    for (const m of made.slice(1))
      expect((await s.request('POST', `/shipments/${m.code}/cancel`, { token })).status).toBe(200);
    await expectExact(token);
    await expectExact(other);
    // PostgreSQL: again once the station has moved the new and corrected shipments into the kept totals.
    if (onPostgres) {
      await expect
        .poll(async () =>
          Number((await storeSql<{ n: number }>(s, 'SELECT count(*) AS n FROM search_uncounted'))[0]!.n),
        )
        .toBe(0);
      await expectExact(token);
    }
    // The kept totals are what answered, of one word and of several (in any order, repeated): one of them changed
    // by hand makes the search say so.
    for (const [key, q] of [
      ['perez', 'perez'],
      ['carlos villa', 'carlos VILLA carlos'],
      ['carlos paz villa', 'paz Carlos villa'],
    ]) {
      await storeSql(s, `UPDATE search_word_counts SET n = n + 1000 WHERE word = '${key}' AND party = 'ANY'`);
      const r = await s.request('GET', `/shipments?q=${encodeURIComponent(q!)}&size=1`, { token });
      expect(r.body.items, q).toBeGreaterThan(1000);
      await storeSql(s, `UPDATE search_word_counts SET n = n - 1000 WHERE word = '${key}' AND party = 'ANY'`);
    }
  });
});
