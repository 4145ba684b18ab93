import { storeSql } from '../helpers/store-sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rng } from '../helpers/random.js';
import { ALL_PERMISSIONS, startStation, type ApiResponse, type Station } from '../helpers/station.js';
import { admin, createShipment, packageBody, shipmentBody, type Body } from './fixtures.js';

type Rng = ReturnType<typeof rng>;

const WEIRD_STRINGS = [
  '',
  ' ',
  'x'.repeat(501),
  'x'.repeat(5000),
  '\u0000',
  '\u202e',
  '🚚📦',
  'Ñandú',
  '<script>',
  "'; DROP TABLE shipments; --",
  '{"a":1}',
  '%00',
  '../..',
  'null',
  '1e309',
  '-1',
  'NaN',
  '\ud800',
];
const WEIRD_NUMBERS = [-1, 0, -0.0001, 1e308, -1e308, 2 ** 53 + 1, 0.1, 91, -181, 100001];

/** A value of a JSON type other than `v`'s, so that putting it in place of `v` always breaks the schema. */
function otherType(r: Rng, v: unknown): unknown {
  const byType: Record<string, unknown[]> = {
    string: WEIRD_STRINGS,
    number: WEIRD_NUMBERS,
    boolean: [true, false],
    null: [null],
    array: [[], [1, 2], [{}], [[[]]]],
    object: [{}, { a: 1 }, { __proto__: { x: 1 } }],
  };
  const kind = (x: unknown) => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);
  const types = Object.keys(byType).filter((t) => t !== kind(v) && !(kind(v) === 'number' && t === 'number'));
  return r.pick(byType[r.pick(types)]!);
}

/** Every member path of a JSON value, as lists of keys. */
function paths(v: unknown, at: string[] = []): string[][] {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return [at];
  return [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))];
}
function getAt(v: any, p: string[]): any {
  return p.reduce((n, k) => n?.[k], v);
}
function setAt(v: any, p: string[], x: unknown): void {
  const parent = getAt(v, p.slice(0, -1));
  if (parent && typeof parent === 'object') parent[p[p.length - 1]!] = x;
}

/**
 * A body that must be refused: up to three random changes that may or may not break it, then one certain break
 * (a member of the wrong JSON type, or an unknown member), made last so that nothing undoes it.
 */
function brokenBody(r: Rng, valid: Body): Body {
  const b = structuredClone(valid);
  const members = () => paths(b).filter((p) => p.length > 0);
  for (let i = r.int(4); i > 0; i--) {
    const p = r.pick(members());
    if (r.next() < 0.3) delete getAt(b, p.slice(0, -1))[p[p.length - 1]!];
    else setAt(b, p, r.next() < 0.5 ? otherType(r, getAt(b, p)) : r.pick([...WEIRD_STRINGS, ...WEIRD_NUMBERS]));
  }
  if (r.next() < 0.6 && members().length) {
    const p = r.pick(members());
    setAt(b, p, otherType(r, getAt(b, p)));
  } else {
    const objects = paths(b).filter((p) => {
      const n = getAt(b, p);
      return n && typeof n === 'object' && !Array.isArray(n);
    });
    const target = getAt(b, r.pick(objects));
    target[r.pick(['extra', 'id', 'code', 'status_', 'constructor', 'Ref', 'ref ', ''])] = r.pick([1, 'x', null, {}]);
  }
  return b;
}

const QUERY_VALUES: Record<string, readonly string[]> = {
  q: ['ana', 'ORDER-', '"', '*', 'a OR b', 'NEAR(a b)', 'x'.repeat(600), '🚚', '%', "o'neil", ' '],
  code: ['ZZZZZZZZZZ', 'abc', '', 'x'.repeat(600), '1'],
  status: ['TO_COLLECT', 'FOO', '', 'to_collect', 'CANCELED'],
  substatus: ['VISITED', 'NOPE', ''],
  platform: ['MLI', 'AMZ', ''],
  date_type: ['CREATED', 'UPDATED', 'BOTH'],
  date_range_min: [
    '2026-01-01',
    '2026-02-30',
    '2026-01-01T00:00:00Z',
    '2026-01-01T99:00:00Z',
    'now',
    '0000-00-00',
    '9999-12-31',
  ],
  date_range_max: ['2026-12-31', '2026-13-01', '2026-01-01T00:00:00+14:00', '2026-01-01T00:00:00+99:99', ''],
  date_key: ['LAST_DAY', 'LAST_MONTH', 'LAST_YEAR'],
  sort: ['NEWEST', 'OLDEST', 'RANDOM'],
  shortcut: ['PENDING', 'ACTIVE', 'ALL'],
  page: ['1', '0', '-1', '2.5', '1e3', '99999999999999999999', 'x', ''],
  size: ['1', '100', '101', '0', 'x', '1e2', ''],
  bogus: ['1'],
};

const GARBAGE_IDS = [
  '0',
  '-1',
  '1.5',
  '%2e%2e',
  'A'.repeat(70),
  '%F0%9F%9A%9A',
  '9'.repeat(30),
  '%00',
  '%ZZ',
  'a%20b',
  '__proto__',
  'constructor',
];

describe('malformed input never yields a 500 nor changes stored data (deterministic fuzz, station serve)', () => {
  let s: Station;
  let token: string;
  let parent: Body;
  const seen: Record<number, number> = {};

  function check(r: ApiResponse, what: string, allowed: number[]): void {
    seen[r.status] = (seen[r.status] ?? 0) + 1;
    expect(allowed, `${what} -> ${r.status} ${r.text.slice(0, 300)}`).toContain(r.status);
    if (r.status >= 400) {
      expect(r.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
      expect(r.text, what).not.toMatch(/SQLITE|at .*\.js:\d+|stack/i);
    }
  }

  async function snapshot(): Promise<{ shipments: unknown[]; events: unknown[]; tokens: number }> {
    return {
      shipments: await storeSql(s, 'SELECT * FROM shipments ORDER BY id'),
      events: await storeSql(s, 'SELECT * FROM events ORDER BY id'),
      tokens: Number((await storeSql<{ n: number }>(s, 'SELECT count(*) AS n FROM tokens'))[0]!.n),
    };
  }

  beforeAll(async () => {
    s = await startStation();
    const a = await admin(s);
    token = (await a.token(await a.account('acme'), ALL_PERMISSIONS)).token;
    await a.close();
    parent = await createShipment(s, token);
    const p = await s.request('POST', `/shipments/${parent.id}/packages`, { token, body: packageBody() });
    expect(p.status).toBe(201);
  });
  afterAll(() => s.stop());

  it('refuses a few hundred generated inputs with 4xx problems and leaves the store as it was', async () => {
    const r = rng(20261121);
    const before = await snapshot();
    const json = { 'content-type': 'application/json' };

    for (let i = 0; i < 150; i++) {
      const body = brokenBody(r, shipmentBody());
      check(
        await s.request('POST', '/shipments', { token, body }),
        `create ${JSON.stringify(body).slice(0, 200)}`,
        [400],
      );
    }
    for (let i = 0; i < 40; i++) {
      const text = JSON.stringify(shipmentBody());
      const raw =
        r.next() < 0.7
          ? text.slice(0, r.int(text.length - 1))
          : Array.from({ length: 1 + r.int(40) }, () => String.fromCharCode(1 + r.int(126))).join('');
      check(
        await s.request('POST', '/shipments', { token, rawBody: raw, headers: json }),
        `raw ${raw.slice(0, 80)}`,
        [400],
      );
    }
    for (let i = 0; i < 20; i++) {
      const type = r.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'text/json',
        'application/xml',
        'image/png',
      ]);
      check(
        await s.request('POST', '/shipments', {
          token,
          rawBody: JSON.stringify(shipmentBody()),
          headers: { 'content-type': type },
        }),
        type,
        [415],
      );
    }
    for (let i = 0; i < 50; i++) {
      const body = brokenBody(r, packageBody());
      check(
        await s.request('POST', `/shipments/${parent.code}/packages`, { token, body }),
        `package ${JSON.stringify(body).slice(0, 200)}`,
        [400],
      );
    }
    for (let i = 0; i < 50; i++) {
      const body = brokenBody(r, { status: 'COLLECTED', sub_status: 'CONFIRMED', issue: 'RESCHEDULED' });
      check(
        await s.request('POST', `/shipments/${parent.id}/events`, { token, body }),
        `event ${JSON.stringify(body)}`,
        [400],
      );
    }
    for (let i = 0; i < 80; i++) {
      const keys = Object.keys(QUERY_VALUES).filter(() => r.next() < 0.3);
      const qs = keys.map((k) => `${k}=${encodeURIComponent(r.pick(QUERY_VALUES[k]!))}`).join('&');
      check(await s.request('GET', `/shipments?${qs}`, { token }), `search ?${qs}`, [200, 400]);
    }
    for (const id of GARBAGE_IDS) {
      check(await s.request('GET', `/shipments/${id}`, { token }), `get ${id}`, [400, 404]);
      check(await s.request('GET', `/shipments/${id}/events`, { token }), `events ${id}`, [400, 404]);
      check(await s.request('POST', `/shipments/${id}/cancel`, { token }), `cancel ${id}`, [400, 404]);
      check(
        await s.request('POST', `/shipments/${id}/packages`, { token, body: packageBody() }),
        `packages ${id}`,
        [400, 404],
      );
    }

    expect(await snapshot()).toEqual(before);
    // The generator really exercised both kinds of refusal, not one path over and over.
    expect(seen[400]).toBeGreaterThan(300);
    expect(seen[404]).toBeGreaterThan(10);
  });
});
