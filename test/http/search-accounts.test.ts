import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { ACTIVE_STATUSES } from '../../core/shared/transitions.js';
import { rng } from '../helpers/random.js';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';

/**
 * A station shared by three accounts whose shipments share names, cities and streets, created interleaved. Every
 * search an account makes must give exactly what a naive filter over that account's own shipments (as the API shows
 * them) gives: the same shipments in the same order, the same page, the same totals. This covers the search index
 * keyed by account and the per-status totals kept by triggers, across status changes.
 */
type Party = {
  contact: { name: string; email?: string };
  address: { street: string; city: string; state: string; zip: string; country: string };
};
interface Shown {
  id: number;
  code: string;
  ref: string;
  status: string;
  created_at: string;
  updated_at: string;
  origin: Party;
  destination: Party;
}

const FIRST = ['Ana', 'José', 'María', 'Iñaki', 'Zoë', 'Óscar', 'Marta', 'Mario'];
const LAST = ['Pérez', 'Peralta', 'García', 'Garcés', 'Müller', 'Núñez', 'Ortiz'];
const CITIES: Array<[string, string, string]> = [
  ['Córdoba', 'Córdoba', 'X5000'],
  ['Rosario', 'Santa Fe', 'S2000'],
  ['San Juan', 'San Juan', 'J5400'],
  ['Santa Rosa', 'La Pampa', 'L6300'],
];
const STREETS = ['Av. Colón', 'San Martín', 'Belgrano', 'Mitre'];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const tokens = (s: string) =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The search index's columns, each a run of words: `ident` (ref, code), `receiver` and `sender` (migration 016). */
function columnsOf(s: Shown): string[][] {
  const side = (p: Party) => {
    const a = p.address;
    return [p.contact.name, p.contact.email ?? '', a.street, a.city, a.state, a.zip, a.country].flatMap(tokens);
  };
  return [[s.ref, s.code].flatMap(tokens), side(s.destination), side(s.origin)];
}

/**
 * The contract's reading of `q`, done the slow way: each word of q (split at white space) is a phrase in one column,
 * its parts side by side and in order, the last one a prefix (`R-4` finds `R-40`, not an `r` here and a `4` there).
 */
function matchesQ(s: Shown, q: string): boolean {
  const columns = columnsOf(s);
  return q
    .split(/\s+/u)
    .map(tokens)
    .filter((parts) => parts.length > 0)
    .every((parts) =>
      columns.some((col) =>
        col.some((_, i) =>
          parts.every((w, k) => (k === parts.length - 1 ? col[i + k]?.startsWith(w) : col[i + k] === w)),
        ),
      ),
    );
}

/** The shipment whose ref or code q is, typed whole: it comes first, whatever the sort. */
const isWhole = (s: Shown, q: string) => {
  const w = q.trim();
  return s.ref === w || s.ref === w.toUpperCase() || s.ref === w.toLowerCase() || s.code === w.toUpperCase();
};

describe('search on a station with several accounts', () => {
  const clock = fixedClock('2026-06-01T12:00:00.000Z');
  const r = rng(20260601);
  let s: Station;
  const accounts: Array<{ token: string; ids: number[] }> = [];

  async function shown(token: string, ids: number[]): Promise<Shown[]> {
    return Promise.all(ids.map(async (id) => (await s.request('GET', `/shipments/${id}`, { token })).body as Shown));
  }

  function party(): Party {
    const [city, state, zip] = r.pick(CITIES);
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    return {
      contact: { name: `${first} ${last}`, email: `${fold(first)}.${fold(last)}${r.int(3)}@example.com` },
      address: {
        street: `${r.pick(STREETS)} ${1 + r.int(900)}`,
        city,
        state,
        zip: `${zip}${r.int(10)}`,
        country: 'AR',
      },
    };
  }

  /** Creates `n` shipments, interleaved and unevenly: the second account gets one in two, the others one in four. */
  let created = 0;
  async function create(n: number): Promise<void> {
    for (const end = created + n; created < end; created++) {
      clock.advance(1_000 + r.int(60_000));
      const a = accounts[created % 2 ? 1 : created % 4 === 0 ? 0 : 2]!;
      const base = shipmentBody({ ref: `R-${created}`, type: r.next() < 0.85 ? 'DELIVERY' : 'RETURN' });
      const body = {
        ...base,
        origin: { ...party(), contact: { ...party().contact, phone: '+5493511234567' } },
        destination: party(),
      };
      const res = await s.request('POST', '/shipments', { token: a.token, body });
      expect(res.status, res.text).toBe(201);
      a.ids.push(res.body.id);
    }
  }

  beforeAll(async () => {
    s = await startInProcess({ clock });
    for (const name of ['north', 'south', 'west']) {
      accounts.push({
        token: (await directAccount(s, name, ['shipments.read', 'shipments.write', 'events.write'])).token,
        ids: [],
      });
    }
    await create(96);
    // Status changes move the per-status totals and the update dates.
    for (const a of accounts) {
      for (const id of a.ids) {
        const u = r.next();
        clock.advance(1_000);
        if (u < 0.2) expect((await s.request('POST', `/shipments/${id}/cancel`, { token: a.token })).status).toBe(200);
        else if (u < 0.45) {
          const res = await s.request('POST', `/shipments/${id}/events`, {
            token: a.token,
            body: { status: 'COLLECTED' },
          });
          // A RETURN starts in TO_RECOVER, where COLLECTED is not a next status: it stays as it was.
          expect([201, 409]).toContain(res.status);
        }
      }
    }
  });
  afterAll(() => s.stop());

  /** The naive answer: filter and sort the account's own shipments, then cut the page. */
  function naive(all: Shown[], p: URLSearchParams) {
    const q = p.get('q');
    const byUpdate = p.get('date_type') === 'UPDATED';
    const dir = p.get('sort') === 'OLDEST' ? 1 : -1;
    const size = Number(p.get('size') ?? 20);
    const page = Number(p.get('page') ?? 1);
    const hits = all
      .filter((x) => !q || matchesQ(x, q))
      .filter((x) => !p.get('status') || x.status === p.get('status'))
      .filter((x) => p.get('shortcut') !== 'ACTIVE' || (ACTIVE_STATUSES as readonly string[]).includes(x.status))
      .filter((x) => p.get('shortcut') !== 'PENDING' || x.status !== 'CANCELED')
      .sort((x, y) => {
        const [a, b] = byUpdate ? [x.updated_at, y.updated_at] : [x.created_at, y.created_at];
        return dir * (a < b ? -1 : a > b ? 1 : x.id - y.id);
      });
    const whole = q ? hits.findIndex((x) => isWhole(x, q)) : -1;
    if (whole > 0) hits.unshift(...hits.splice(whole, 1));
    return {
      codes: hits.slice((page - 1) * size, page * size).map((x) => x.code),
      items: hits.length,
      pages: Math.ceil(hits.length / size),
    };
  }

  function randomQuery(r: ReturnType<typeof rng>, mine: Shown[]): URLSearchParams {
    const p = new URLSearchParams();
    const u = r.next();
    const someone = r.pick(mine);
    if (u < 0.25) p.set('q', fold(r.pick(LAST)).slice(0, 2 + r.int(5)));
    else if (u < 0.4) p.set('q', `${r.pick(FIRST)} ${r.pick(LAST).slice(0, 3)}`);
    else if (u < 0.55) p.set('q', r.pick(CITIES)[0]);
    else if (u < 0.65) p.set('q', someone.code.slice(0, 3 + r.int(7)));
    else if (u < 0.72) p.set('q', someone.ref);
    else if (u < 0.8) p.set('q', r.pick(['Santa', 'San', 'sa', 'AR', 'example', 'x50']));
    // else: no q at all.
    if (r.next() < 0.25) p.set('status', r.pick(['TO_COLLECT', 'COLLECTED', 'CANCELED', 'TO_RECOVER']));
    if (r.next() < 0.15) p.set('shortcut', r.pick(['ACTIVE', 'PENDING']));
    if (r.next() < 0.3) p.set('sort', 'OLDEST');
    if (r.next() < 0.25) p.set('date_type', 'UPDATED');
    if (r.next() < 0.5) p.set('size', String(1 + r.int(8)));
    if (r.next() < 0.5) p.set('page', String(1 + r.int(4)));
    return p;
  }

  /** Asks each account `n` random searches (the same ones on every call) and compares each with the naive answer. */
  async function compareAll(n: number): Promise<number> {
    const qr = rng(7);
    let compared = 0;
    for (const a of accounts) {
      const mine = await shown(a.token, a.ids);
      for (let i = 0; i < n; i++) {
        const p = randomQuery(qr, mine);
        const res = await s.request('GET', `/shipments?${p.toString()}`, { token: a.token });
        expect(res.status, `${p.toString()}: ${res.text}`).toBe(200);
        const got = {
          codes: (res.body.data as Shown[]).map((x) => x.code),
          items: res.body.items,
          pages: res.body.pages,
        };
        expect(got, String(p)).toEqual(naive(mine, p));
        compared += got.items;
      }
    }
    return compared;
  }

  it('gives each account exactly what a naive filter of its own shipments gives, never another account’s', async () => {
    // The queries must find things, or the comparison proves little.
    expect(await compareAll(80)).toBeGreaterThan(500);
  });

  it('stays exact when shipments arrive after the same searches were asked (their totals are remembered)', async () => {
    await create(24);
    expect(await compareAll(80)).toBeGreaterThan(500);
  });

  it('finds another account’s shipment by none of its words, not even its code or ref', async () => {
    for (const a of accounts) {
      for (const b of accounts.filter((x) => x !== a)) {
        for (const other of await shown(b.token, b.ids.slice(0, 4))) {
          for (const q of [other.code, other.ref, other.destination.contact.name]) {
            const res = await s.request('GET', `/shipments?q=${encodeURIComponent(q)}&size=100`, { token: a.token });
            expect((res.body.data as Shown[]).map((x) => x.code)).not.toContain(other.code);
            // Nor is it counted: a code (10 random characters) is no word of anyone else's shipments.
            if (q === other.code) expect(res.body.items, q).toBe(0);
          }
        }
      }
    }
  });

  it('counts each account’s shipments per status exactly, after creates, events and cancels', async () => {
    for (const a of accounts) {
      const mine = await shown(a.token, a.ids);
      const res = await s.request('GET', '/shipments?size=1', { token: a.token });
      expect(res.body.items).toBe(mine.length);
      for (const status of ['TO_COLLECT', 'COLLECTED', 'CANCELED', 'TO_RECOVER', 'DELIVERED']) {
        const byStatus = await s.request('GET', `/shipments?size=1&status=${status}`, { token: a.token });
        expect(byStatus.body.items, status).toBe(mine.filter((x) => x.status === status).length);
      }
      const active = await s.request('GET', '/shipments?size=1&shortcut=ACTIVE', { token: a.token });
      expect(active.body.items).toBe(
        mine.filter((x) => (ACTIVE_STATUSES as readonly string[]).includes(x.status)).length,
      );
    }
  });
});
