import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync, chownSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { party, shipmentBody, storeServices, uniqueRef } from '../helpers/fixtures.js';
import { freshDatabase } from '../helpers/postgres.js';
import { spawnServe, station, type Served as Serve } from '../helpers/station.js';
import { storeSql } from '../helpers/store-sql.js';
import { SINK_PORTS, startSink, type Sink } from '../print/sink.js';

/**
 * Several stations on one PostgreSQL database (issue 20): what SQLite's single writer hides must hold between
 * processes that share nothing but the database. Runs in the PostgreSQL project (vitest.config.ts).
 */

const live = new Set<ChildProcess>();
const dirs: string[] = [];
afterAll(() => {
  for (const c of live) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'stations-'));
  dirs.push(d);
  return d;
}

async function serve(store: string, args: string[] = [], env: Record<string, string> = {}): Promise<Serve> {
  const s = await spawnServe(['--data', tempDir(), '--store', store, ...args], {
    STATION_PRINT_RETRY_MS: '50',
    ...env,
  });
  live.add(s.child);
  return s;
}

async function api(s: Serve, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(s.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** An account and a token on the database, through the `station` command as an operator makes them. */
async function tokenOn(store: string, account: string): Promise<string> {
  const cli = (args: string[]) => station([...args, '--data', tempDir(), '--store', store]);
  expect((await cli(['account', 'create', account])).code).toBe(0);
  const t = await cli([
    'token',
    'create',
    '--account',
    account,
    '--name',
    't',
    '--permissions',
    'shipments.read,shipments.write,tokens.write',
  ]);
  expect(t.code, t.stderr).toBe(0);
  return t.stdout.trim();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two stations on a new database, and a token of an account made there. */
async function twoStations(): Promise<{ store: string; a: Serve; b: Serve; token: string }> {
  const store = await freshDatabase();
  const [a, b] = await Promise.all([serve(store), serve(store)]);
  return { store, a, b, token: await tokenOn(store, 'acme') };
}

/**
 * A SQLite station of `n` shipments (the `i`th with `over(i)`) moved to a new database with `station migrate`, as
 * a large store comes to PostgreSQL: no search kept or counted ahead yet; and a token of its account.
 */
async function movedStore(
  n: number,
  over: (i: number) => Record<string, unknown>,
): Promise<{ store: string; token: string }> {
  const data = tempDir();
  const local = await storeServices(data);
  let token: string;
  try {
    const { services } = local;
    const account = (await services.auth.createAccount('acme')).id;
    const permissions = ['shipments.read', 'shipments.write'];
    token = (await services.auth.createToken({ account, name: 'old', permissions })).token;
    for (let i = 0; i < n; i++) await services.shipments.create(account, { ...shipmentBody(), ...over(i) } as never);
  } finally {
    await local.close();
  }
  const store = await freshDatabase();
  expect((await station(['migrate', '--data', data, '--to', store])).code).toBe(0);
  return { store, token };
}

describe('two stations on one database', () => {
  it('take 200 concurrent creates with 20 refs used 10 times each: exactly 20 created, the rest 409, no 500', async () => {
    const { a, b, token } = await twoStations();
    const refs = Array.from({ length: 20 }, () => uniqueRef('CONC'));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        api(i % 2 ? a : b, token, 'POST', '/shipments', shipmentBody({ ref: refs[i % 20] })),
      ),
    );
    const count = (status: number) => answers.filter((r) => r.status === status).length;
    const others = answers.filter((r) => r.status !== 201 && r.status !== 409).map((r) => JSON.stringify(r.body));
    expect(
      { created: count(201), refused: count(409), other: answers.length - count(201) - count(409) },
      others.slice(0, 3).join('\n'),
    ).toEqual({ created: 20, refused: 180, other: 0 });
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.code).toBe('duplicate_ref');
    // Every code is unique, and both stations see all 20.
    const listed = await api(a, token, 'GET', '/shipments?size=100');
    expect(listed.body.items).toBe(20);
    expect(new Set(listed.body.data.map((s: { code: string }) => s.code)).size).toBe(20);
    expect((await api(b, token, 'GET', '/shipments?size=100')).body.items).toBe(20);
  }, 120_000);

  it("keep a broad search word's total exact under concurrent creates at both, before and after it is counted in", async () => {
    const store = await freshDatabase();
    const env = { STATION_SEARCH_KEPT_FROM: '2' };
    const [a, b] = await Promise.all([serve(store, [], env), serve(store, [], env)]);
    const token = await tokenOn(store, 'acme');
    const body = (i: number, name: string) => ({
      ...shipmentBody({ ref: uniqueRef('KEPT') }),
      destination: {
        ...shipmentBody().destination,
        contact: { ...shipmentBody().destination.contact, name: `${name} ${i}` },
      },
    });
    const total = async (s: Serve) => (await api(s, token, 'GET', '/shipments?q=urquiza&size=1')).body.items as number;
    for (let i = 0; i < 4; i++)
      expect((await api(a, token, 'POST', '/shipments', body(i, 'Ulises Urquiza'))).status).toBe(201);
    // Counted once, found broad (4 >= 2): kept from then on.
    expect(await total(a)).toBe(4);
    await expect
      .poll(async () =>
        (await storeSql<{ word: string }>({ dataDir: '', store }, 'SELECT word FROM search_words_kept')).map(
          (r) => r.word,
        ),
      )
      .toContain('urquiza');
    // 100 creates at once through both stations, half of them Urquiza, while both ask the total.
    const during: number[] = [];
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, i) =>
        api(i % 2 ? a : b, token, 'POST', '/shipments', body(i, i % 4 < 2 ? 'Ulises Urquiza' : 'Quimey Lanusse')),
      ),
      ...Array.from({ length: 10 }, async (_, i) => during.push(await total(i % 2 ? a : b))),
    ]);
    expect(answers.slice(0, 100).every((r) => (r as { status: number }).status === 201)).toBe(true);
    for (const n of during) expect(n).toBeGreaterThanOrEqual(4);
    for (const n of during) expect(n).toBeLessThanOrEqual(54);
    expect([await total(a), await total(b)]).toEqual([54, 54]);
    // Once the stations have counted the new shipments in, the same.
    await expect
      .poll(async () =>
        Number(
          (await storeSql<{ n: number }>({ dataDir: '', store }, 'SELECT count(*) AS n FROM search_uncounted'))[0]!.n,
        ),
      )
      .toBe(0);
    expect(
      Number(
        (
          await storeSql<{ n: string }>(
            { dataDir: '', store },
            "SELECT n FROM search_word_counts WHERE word = 'urquiza' AND party = 'ANY'",
          )
        )[0]!.n,
      ),
    ).toBe(54);
    expect([await total(a), await total(b)]).toEqual([54, 54]);
  }, 120_000);

  it("count a moved database's broad searches ahead once, and keep a key of several words exact under concurrent creates at both and a correction", async () => {
    // A SQLite station's shipments, moved: the copy keeps no search yet; 8 of 12 go to Villa Carlos Paz.
    const { store, token } = await movedStore(12, (i) => ({
      ref: uniqueRef('AHEAD'),
      destination: party(`Ulises ${i}`, i % 3 ? 'Villa Carlos Paz' : 'Córdoba', 'X5152'),
    }));
    const sqlOf = async (q: string) => storeSql<Record<string, unknown>>({ dataDir: '', store }, q);
    const counted = async (key: string) =>
      Object.fromEntries(
        (await sqlOf(`SELECT party, n FROM search_word_counts WHERE word = '${key}'`)).map((r) => [
          r.party,
          Number(r.n),
        ]),
      );
    const uncounted = async () => Number((await sqlOf('SELECT count(*) AS n FROM search_uncounted'))[0]!.n);

    // Both stations start at once: the database is counted ahead once, its city of three words as one key.
    const env = { STATION_SEARCH_KEPT_FROM: '4' };
    const [a, b] = await Promise.all([serve(store, [], env), serve(store, [], env)]);
    await expect
      .poll(async () => (await sqlOf('SELECT counted_ahead AS done FROM search_progress'))[0]!.done)
      .toBe(true);
    await expect.poll(uncounted).toBe(0);
    const kept = (await sqlOf('SELECT word FROM search_words_kept')).map((r) => r.word);
    expect(kept).toEqual(expect.arrayContaining(['carlos paz villa', 'villa', 'ulises', 'ahead', 'rosario']));
    expect(await counted('carlos paz villa')).toEqual({ ANY: 8, RECEIVER: 8 });
    const total = async (s: Serve, q = 'Villa Carlos Paz', side = '') =>
      (await api(s, token, 'GET', `/shipments?q=${encodeURIComponent(q)}&size=1${side}`)).body.items as number;
    expect([
      await total(a),
      await total(b, 'paz VILLA carlos'),
      await total(a, 'carlos villa', '&party=SENDER'),
    ]).toEqual([8, 8, 0]);

    // 100 creates at once through both stations, half of them to Villa Carlos Paz, while both ask the total.
    const during: number[] = [];
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, i) =>
        api(i % 2 ? a : b, token, 'POST', '/shipments', {
          ...shipmentBody({ ref: uniqueRef('KEY') }),
          destination: party(`Quimey ${i}`, i % 4 < 2 ? 'Villa Carlos Paz' : 'Villa María', 'X5152'),
        }),
      ),
      ...Array.from({ length: 10 }, async (_, i) => during.push(await total(i % 2 ? a : b))),
    ]);
    expect(answers.slice(0, 100).every((r) => (r as { status: number }).status === 201)).toBe(true);
    for (const n of during) expect(n).toBeGreaterThanOrEqual(8);
    for (const n of during) expect(n).toBeLessThanOrEqual(58);
    expect([await total(a), await total(b)]).toEqual([58, 58]);

    // A correction: one of them is picked up at an office instead, whose address is not in Villa Carlos Paz.
    const moved = (await api(a, token, 'GET', '/shipments?q=villa%20carlos%20paz&size=1')).body.data[0];
    const office = (await api(a, token, 'GET', '/offices?near=-31.4135,-64.1811&size=1')).body.data[0];
    const corrected = await api(b, token, 'PATCH', `/shipments/${moved.id}`, { method: 'PICKUP', office: office.id });
    expect(corrected.status).toBe(200);
    expect(corrected.body.destination.address.city).not.toMatch(/carlos paz/i);
    expect([await total(a), await total(b)]).toEqual([57, 57]);
    await expect.poll(uncounted).toBe(0);
    expect(await counted('carlos paz villa')).toEqual({ ANY: 57, RECEIVER: 57 });
    expect([await total(a), await total(b)]).toEqual([57, 57]);

    // Counted ahead once only: a station started later leaves the counts as they are.
    await storeSql({ dataDir: '', store }, "UPDATE search_word_counts SET n = 570 WHERE word = 'carlos paz villa'");
    const c = await serve(store, [], env);
    await sleep(1500);
    expect(await total(c)).toBe(570);
  }, 180_000);

  it("find a broad kept search's page by date, also when all its matches lie further back than the walk goes", async () => {
    // 1,200 shipments moved from SQLite: the 40 oldest to Zapala, the rest elsewhere; 40 of 1,200 is broad enough
    // for a page of 2 to walk by date (at most 1,000 shipments), and the walk finds none of them.
    const { store, token } = await movedStore(1_200, (i) => ({
      ref: uniqueRef('WALK'),
      destination: party(`Ulises ${i}`, i < 40 ? 'Zapala' : 'Córdoba', 'Q8340'),
    }));
    const s = await serve(store, [], { STATION_SEARCH_KEPT_FROM: '4' });
    await expect
      .poll(
        async () =>
          (
            await storeSql<{ done: boolean }>(
              { dataDir: '', store },
              'SELECT counted_ahead AND NOT EXISTS (SELECT 1 FROM search_uncounted) AS done FROM search_progress',
            )
          )[0]!.done,
      )
      .toBe(true);
    const page = async (q: string, query = '') => {
      const r = await api(s, token, 'GET', `/shipments?q=${encodeURIComponent(q)}&size=2${query}`);
      return { items: r.body.items as number, names: r.body.data.map((x: any) => x.destination.contact.name) };
    };
    // Found further back than the walk: through the index.
    expect(await page('zapala')).toEqual({ items: 40, names: ['Ulises 39', 'Ulises 38'] });
    expect(await page('zapala', '&sort=OLDEST')).toEqual({ items: 40, names: ['Ulises 0', 'Ulises 1'] });
    // Found on the walk.
    expect(await page('ulises')).toEqual({ items: 1_200, names: ['Ulises 1199', 'Ulises 1198'] });
    expect(await page('ulises', '&page=3')).toEqual({ items: 1_200, names: ['Ulises 1195', 'Ulises 1194'] });
  }, 180_000);

  it('number the packages of one parent 1..N when both stations add them at once', async () => {
    const { a, b, token } = await twoStations();
    const parent = (await api(a, token, 'POST', '/shipments', shipmentBody())).body;
    const adds = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 ? a : b, token, 'POST', `/shipments/${parent.code}/packages`, {
          ref: uniqueRef('PKG'),
          origin: shipmentBody().origin,
          dimensions: { height: 10, width: 10, length: 10, weight: 1 },
        }),
      ),
    );
    expect(adds.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(adds.map((r) => r.body.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await api(b, token, 'GET', `/shipments/${parent.code}`)).body.packages).toBe(20);
  }, 120_000);

  it('refuse a token revoked through the other station at its next request', async () => {
    const { a, b, token } = await twoStations();
    const made = (await api(a, token, 'POST', '/tokens', { name: 'desk', permissions: ['shipments.read'] })).body;
    expect((await api(b, made.token, 'GET', '/shipments')).status).toBe(200); // b remembers it now
    expect((await api(a, token, 'POST', `/tokens/${made.id}/revoke`)).status).toBe(200);
    const r = await api(b, made.token, 'GET', '/shipments');
    expect(r.status).toBe(401);
    expect(r.body.detail).toMatch(/revoked/);
  }, 120_000);
});

describe('creates from several stations', () => {
  it('are not held by a create that has drawn its id and not committed, and their times never go back with ids', async () => {
    const { store, a, b, token } = await twoStations();
    // A create in progress at a station whose clock runs a minute ahead: drawn, not committed.
    const pending = new pg.Client({ connectionString: store });
    await pending.connect();
    try {
      await pending.query('BEGIN');
      const ahead = Date.now() + 60_000;
      const drawn = (await pending.query<{ id: string }>('SELECT id FROM station_draw_shipment($1)', [ahead])).rows[0]!;
      // A lock held until that commit would hold this create until the test gave up.
      const r = await Promise.race([
        api(a, token, 'POST', '/shipments', shipmentBody()),
        sleep(15_000).then(() => ({ status: 0, body: 'held by the pending create' })),
      ]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.id).toBeGreaterThan(Number(drawn.id));
      expect(Date.parse(r.body.created_at)).toBeGreaterThanOrEqual(ahead);
    } finally {
      await pending.query('ROLLBACK');
      await pending.end();
    }
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => api(i % 2 ? a : b, token, 'POST', '/shipments', shipmentBody())),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(60).fill(201));
    const rows = await storeSql<{ id: number; created_at: number }>(
      { dataDir: '', store },
      'SELECT id, created_at FROM shipments ORDER BY id',
    );
    expect(rows).toHaveLength(61);
    const back = rows.filter((row, i) => i > 0 && Number(row.created_at) < Number(rows[i - 1]!.created_at));
    expect(back).toEqual([]);
  }, 120_000);

  it("are not held by another transaction counting the account's shipments, and every total stays exact", async () => {
    const { store, a, b, token } = await twoStations();
    const first = await api(a, token, 'POST', '/shipments', shipmentBody());
    expect(first.status).toBe(201);
    // A create of the same account and status in progress, not committed: it has counted its shipment.
    const pending = new pg.Client({ connectionString: store });
    await pending.connect();
    try {
      await pending.query('BEGIN');
      await pending.query(
        `INSERT INTO shipments (account_id, code, ref, type, method, origin, destination, dimensions, status,
           created_at, updated_at)
         SELECT id, 'PENDING0001', 'PENDING', 'DELIVERY', 'STANDARD', '{}', '{}', '{}', 'TO_COLLECT', 0, 0
         FROM accounts WHERE name = 'acme'`,
      );
      // A counter locked until that commit would hold this create until the test gave up.
      const r = await Promise.race([
        api(b, token, 'POST', '/shipments', shipmentBody()),
        sleep(15_000).then(() => ({ status: 0, body: 'held by the pending create' })),
      ]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    } finally {
      await pending.query('ROLLBACK');
      await pending.end();
    }
    // Creates at both stations while some of the first ones are canceled: each total is its shipments' count.
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api(i % 2 ? a : b, token, 'POST', '/shipments', shipmentBody())),
    );
    const moves = await Promise.all([
      ...created.slice(0, 8).map((s, i) => api(i % 2 ? b : a, token, 'POST', `/shipments/${s.body.code}/cancel`)),
      ...Array.from({ length: 40 }, (_, i) => api(i % 2 ? a : b, token, 'POST', '/shipments', shipmentBody())),
    ]);
    expect([...created, ...moves].filter((x) => x.status >= 300).map((x) => x.body)).toEqual([]);
    const total = async (s: Serve, query: string) => (await api(s, token, 'GET', `/shipments?${query}`)).body.items;
    for (const s of [a, b]) {
      expect(await total(s, 'size=1')).toBe(62);
      expect(await total(s, 'status=CANCELED')).toBe(8);
      expect(await total(s, 'status=TO_COLLECT')).toBe(54);
    }
    const counted = await storeSql<{ status: string; n: string; counted: string }>(
      { dataDir: '', store },
      `SELECT s.status, count(*) AS n, (SELECT sum(n) FROM shipment_counts c
         WHERE c.account_id = s.account_id AND c.status = s.status) AS counted
       FROM shipments s GROUP BY s.account_id, s.status ORDER BY s.status`,
    );
    expect(counted.map((c) => [c.status, Number(c.counted)])).toEqual(counted.map((c) => [c.status, Number(c.n)]));
  }, 120_000);
});

describe('station migrate --to', () => {
  it('moves a SQLite station of 10,000 shipments: its old tokens work and its old labels verify; a second time is refused', async () => {
    const data = tempDir();
    // A station whose clock ran a day ahead: shipments created on PostgreSQL after the move are no older.
    const ahead = Date.now() + 86_400_000;
    const local = await storeServices(data, { clock: fixedClock(new Date(ahead).toISOString()) });
    let token: string;
    let qr: string;
    let first: string;
    let corrected: string;
    try {
      const { services } = local;
      const account = (await services.auth.createAccount('acme')).id;
      token = (
        await services.auth.createToken({ account, name: 'old', permissions: ['shipments.read', 'shipments.write'] })
      ).token;
      const codes: string[] = [];
      for (let i = 0; i < 10_000; i += 500)
        codes.push(
          ...(
            await Promise.all(
              Array.from({ length: 500 }, () => services.shipments.create(account, shipmentBody() as never)),
            )
          ).map((s) => s.code),
        );
      first = codes[0]!;
      qr = await services.labels.qrToken(account, first);
      await services.labels.issue(account, codes.slice(0, 3), { format: 'PDF_A7' }, null);
      await services.printing.createPrinter(
        account,
        { name: 'desk', driver: 'file', connection: join(data, 'printouts') },
        { owner: true },
      );
      await services.printing.submit(account, { codes: codes.slice(3, 6), printer: 'desk' });
      // What the later features keep: a correction's history, a saved import mapping.
      corrected = codes[9]!;
      await services.shipments.update(account, corrected, { content: 'Three books' }, 'station');
      await services.imports.saveMapping(account, 'shop', { fields: { ref: 'Order' } });
    } finally {
      await local.close();
    }
    const store = await freshDatabase();
    const moved = await station(['migrate', '--data', data, '--to', store]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/10000 shipments, 1 tokens\) and 1 signing keys; counts checked/);
    // Its statistics taken by the move itself, so that the first searches are planned for what it holds.
    const analyzed = await storeSql<{ done: boolean }>(
      { dataDir: '', store },
      "SELECT last_analyze IS NOT NULL AS done FROM pg_stat_user_tables WHERE relname = 'shipments'",
    );
    expect(analyzed).toEqual([{ done: true }]);
    const again = await station(['migrate', '--data', data, '--to', store]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/not empty/);

    const s = await serve(store);
    const listed = await api(s, token, 'GET', '/shipments?size=1');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toBe(10_000);
    expect((await api(s, token, 'GET', `/scan?value=${encodeURIComponent(qr)}`)).body).toMatchObject({
      kind: 'shipment',
      shipment: { code: first, labelled_at: expect.any(String) },
    });
    expect((await api(s, token, 'GET', '/print-jobs')).body.items).toBe(1);
    // The label's QR token was fixed before the move, and stays the one its labels carry.
    expect((await api(s, token, 'GET', `/labels/qr?code=${first}`)).body.qr).toBe(qr);
    expect((await api(s, token, 'GET', `/shipments/${corrected}/changes`)).body.data).toEqual([
      expect.objectContaining({
        made_by: 'station',
        changes: [{ field: 'content', from: 'Two books', to: 'Three books' }],
      }),
    ]);
    expect((await api(s, token, 'GET', '/import-mappings')).body.data).toEqual([
      expect.objectContaining({ name: 'shop', fields: { ref: 'Order' } }),
    ]);
    // New shipments continue the ids, never earlier than the moved ones, and the search finds the old ones by words.
    const next = (await api(s, token, 'POST', '/shipments', shipmentBody())).body;
    expect(next.id).toBe(10_001);
    expect(Date.parse(next.created_at)).toBeGreaterThanOrEqual(ahead);
    // The per-status totals, counted once by the copy, are kept by their trigger again from then on.
    expect((await api(s, token, 'GET', '/shipments?size=1')).body.items).toBe(10_001);
    expect((await api(s, token, 'GET', `/shipments?size=1&status=${next.status}`)).body.items).toBe(10_001);
    expect((await api(s, token, 'GET', `/shipments?q=${first}`)).body.items).toBe(1);
  }, 300_000);
});

describe('label QR keys on one database', () => {
  it('are the same at every station: each publishes all of them, and a label of one scans at the other', async () => {
    const { store, a, b, token } = await twoStations();
    const shipment = (await api(a, token, 'POST', '/shipments', shipmentBody())).body;
    const qr = (await api(a, token, 'GET', `/labels/qr?code=${shipment.code}`)).body.qr as string;
    const jwks = async (s: Serve) => ((await (await fetch(`${s.url}/.well-known/jwks.json`)).json()) as any).keys;
    expect(await jwks(b)).toEqual(await jwks(a));
    expect((await api(b, token, 'GET', `/scan?value=${encodeURIComponent(qr)}`)).body).toMatchObject({
      kind: 'shipment',
      shipment: { code: shipment.code },
    });
    // A rotation through the database reaches both.
    const rotated = await station(['keys', 'rotate', '--data', tempDir(), '--store', store]);
    expect(rotated.code, rotated.stderr).toBe(0);
    for (const s of [a, b]) expect((await jwks(s)).map((k: { kid: string }) => k.kid)).toContain(rotated.stdout.trim());
  }, 120_000);
});

describe('printing at a site with two stations', () => {
  const CUT = Buffer.from([0x1d, 0x56, 0x00, 0x1b, 0x40]);
  /** The whole labels the printer holds, by code (native ESC/POS: the code is in its Code 128 command). */
  function labelsOf(sink: Sink): Map<string, number> {
    const out = new Map<string, number>();
    for (const job of sink.jobs) {
      // eslint-disable-next-line no-control-regex -- GS k: the ESC/POS Code 128 command that carries the code
      const code = /\x1dkI.\{B([A-Z0-9]+)/.exec(job.toString('latin1'))?.[1];
      if (code && job.includes(CUT)) out.set(code, (out.get(code) ?? 0) + 1);
    }
    return out;
  }

  for (const kill of [false, true])
    it(`prints a 30-label job exactly once each${kill ? ', one station killed mid-job' : ''}; another site's station prints none`, async () => {
      const store = await freshDatabase();
      const sink = await startSink('escpos', 0, { answerDelayMs: 15 });
      try {
        const token = await tokenOn(store, 'acme');
        const [north1, north2, south] = await Promise.all([
          serve(store, ['--site', 'north'], { STATION_PRINTER_PORTS: SINK_PORTS }),
          serve(store, ['--site', 'north'], { STATION_PRINTER_PORTS: SINK_PORTS }),
          serve(store, ['--site', 'south'], { STATION_PRINTER_PORTS: SINK_PORTS }),
        ]);
        const printer = await api(north1, token, 'POST', '/printers', {
          name: 'desk',
          driver: 'escpos',
          connection: sink.url,
          settings: { native: true },
          default_for: 'PDF_A7',
        });
        expect(printer.body.site).toBe('north');
        const codes: string[] = [];
        for (let i = 0; i < 30; i++)
          codes.push((await api(south, token, 'POST', '/shipments', shipmentBody())).body.code);
        const job = (await api(south, token, 'POST', '/print-jobs', { codes })).body;
        await sink.waitForJobs(5, 30_000);
        // The worker printing it, by its lease (host:pid:…): a station of the job's site, never the other site's.
        const [lease] = await storeSql<{ lease_owner: string }>(
          { dataDir: '', store },
          'SELECT lease_owner FROM print_jobs WHERE id = ?',
          [job.id],
        );
        const pid = Number(lease?.lease_owner.split(':')[1]);
        expect([north1.child.pid, north2.child.pid]).toContain(pid);
        const [holder, other] = pid === north1.child.pid ? [north1, north2] : [north2, north1];
        if (kill) {
          // The station printing it dies; the other of its site takes the rest (the label in doubt waits).
          holder.child.kill('SIGKILL');
          await holder.exited;
          live.delete(holder.child);
        }
        const alive = kill ? other : holder;
        let end: any;
        for (let i = 0; i < 800; i++) {
          end = (await api(alive, token, 'GET', `/print-jobs/${job.id}`)).body;
          if (end.state === 'done') break;
          if (end.state === 'unconfirmed') {
            // The operator looks at the printer: the label in doubt is there whole, or it is not.
            const printed = labelsOf(sink).has(codes[end.progress.done]!);
            const answered = await api(
              alive,
              token,
              'POST',
              `/print-jobs/${job.id}/${printed ? 'confirm' : 'print-again'}`,
            );
            expect(answered.status, JSON.stringify(answered.body) + alive.err()).toBe(200);
          }
          await sleep(50);
        }
        expect(end).toMatchObject({ state: 'done', progress: { done: 30, total: 30 } });
        const labels = labelsOf(sink);
        expect([...labels.keys()].sort()).toEqual([...codes].sort());
        expect([...labels.values()].filter((n) => n !== 1)).toEqual([]);
      } finally {
        await sink.stop();
      }
    }, 240_000);
});

describe('the jobs waiting for the operator, at two stations', () => {
  it("are one list with one version at both: a job held at one station's site answers the other's long poll, and so does its cancel", async () => {
    const store = await freshDatabase();
    const sink = await startSink('zpl');
    try {
      const token = await tokenOn(store, 'acme');
      // A retry far off: the held job stays as it is while both stations are asked.
      const env = { STATION_PRINTER_PORTS: SINK_PORTS, STATION_PRINT_RETRY_MS: '60000' };
      const [north, south] = await Promise.all([
        serve(store, ['--site', 'north'], env),
        serve(store, ['--site', 'south'], env),
      ]);
      const printer = await api(north, token, 'POST', '/printers', {
        name: 'mesa',
        driver: 'zpl',
        connection: sink.url,
        default_for: 'PDF_A7',
      });
      expect(printer.status).toBe(201);
      const quiet = (await api(south, token, 'GET', '/print-jobs/attention')).body;
      expect(quiet.data).toEqual([]);
      expect((await api(north, token, 'GET', '/print-jobs/attention')).body.version).toBe(quiet.version);

      await sink.stop();
      const code = (await api(south, token, 'POST', '/shipments', shipmentBody())).body.code;
      const job = (await api(south, token, 'POST', '/print-jobs', { codes: [code] })).body;
      // The south station prints none of north's jobs: what wakes its long poll is north's worker, through the database.
      const held = (await api(south, token, 'GET', `/print-jobs/attention?wait_ms=20000&seen=${quiet.version}`)).body;
      expect(held.data).toMatchObject([
        { id: job.id, state: 'queued', last_error: expect.stringMatching(/ECONNREFUSED/) },
      ]);
      expect((await api(north, token, 'GET', '/print-jobs/attention')).body.version).toBe(held.version);

      const started = Date.now();
      const waiting = api(south, token, 'GET', `/print-jobs/attention?wait_ms=20000&seen=${held.version}`);
      await sleep(300);
      expect((await api(north, token, 'POST', `/print-jobs/${job.id}/cancel`)).body.state).toBe('canceled');
      const after = (await waiting).body;
      expect(after.data).toEqual([]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await api(north, token, 'GET', '/print-jobs/attention')).body.version).toBe(after.version);
    } finally {
      await sink.stop();
    }
  }, 120_000);
});

describe('a lost database connection', () => {
  /** A TCP relay to the database that the test can cut and restore, as a network or server outage would. */
  async function relay(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
    const sockets = new Set<Socket>();
    let server: Server;
    const open = (port: number) =>
      new Promise<number>((resolve) => {
        server = createServer((client) => {
          const upstream = new Socket();
          upstream.connect(Number(target.port), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => s.destroy());
            s.on('close', () => sockets.delete(s));
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
      });
    const port = await open(0);
    const url = new URL(target);
    url.port = String(port);
    return {
      url: url.toString(),
      cut: () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
      restore: async () => void (await open(port)),
    };
  }

  it('is a 503 problem with Retry-After, never a crash, and the station reconnects', async () => {
    const link = await relay(new URL(await freshDatabase()));
    const s = await serve(link.url);
    const token = await tokenOn(link.url, 'acme');
    expect((await api(s, token, 'POST', '/shipments', shipmentBody())).status).toBe(201);
    await link.cut();
    const down = await api(s, token, 'GET', '/shipments');
    expect(down.status, s.err()).toBe(503);
    expect(down.body.code).toBe('unavailable');
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api(s, token, 'POST', '/shipments', shipmentBody())).status).toBe(503);
    await link.restore();
    const back = await api(s, token, 'GET', '/shipments');
    expect(back.status).toBe(200);
    expect(back.body.items).toBe(1);
    expect(s.child.exitCode).toBeNull();
  }, 120_000);
});

/**
 * PostgreSQL's disk_full (SQLSTATE 53100) is the contract's full disk: 507 storage_full with Retry-After, reads
 * keep working, writes come back once space is freed. The shipments table is moved to a tablespace on a small tmpfs
 * (mounting one needs root on Linux, and a cluster on this machine).
 */
const pgFullMount = mkdtempSync(join(tmpdir(), 'station-pgfull-'));
const pgFullReason =
  process.platform !== 'linux' || process.getuid?.() !== 0
    ? 'mounting a small tmpfs needs Linux and root'
    : !/@(127\.0\.0\.1|localhost)[:/]/.test(process.env.STATION_TEST_PG_URL ?? '@127.0.0.1/')
      ? 'the cluster is not on this machine'
      : null;
if (pgFullReason) console.warn(`PostgreSQL full-disk test skipped: ${pgFullReason}`);

describe.skipIf(pgFullReason !== null)('a full disk on PostgreSQL', () => {
  it('answers writes 507 storage_full with Retry-After, reads as usual, and takes writes again once space is freed', async () => {
    const store = await freshDatabase();
    const sql = <R = Record<string, unknown>>(text: string) => storeSql<R>({ dataDir: '', store }, text);
    const [{ dir }] = (await sql<{ dir: string }>("SELECT current_setting('data_directory') AS dir")) as [
      { dir: string },
    ];
    const owner = statSync(dir);
    execFileSync('mount', [
      '-t',
      'tmpfs',
      '-o',
      `size=4m,uid=${owner.uid},gid=${owner.gid},mode=0700`,
      'tmpfs',
      pgFullMount,
    ]);
    const s = await serve(store);
    try {
      const ts = join(pgFullMount, 'ts');
      mkdirSync(ts);
      chownSync(ts, owner.uid, owner.gid);
      const ballast = join(pgFullMount, 'ballast');
      writeFileSync(ballast, Buffer.alloc(3 * 1024 * 1024));
      await sql(`CREATE TABLESPACE station_small LOCATION '${ts}'`);
      await sql('ALTER TABLE shipments SET TABLESPACE station_small');
      const token = await tokenOn(store, 'acme');
      const acked: string[] = [];
      let refused: Awaited<ReturnType<typeof api>> | null = null;
      for (let i = 0; i < 5000 && !refused; i++) {
        const r = await api(s, token, 'POST', '/shipments', shipmentBody());
        if (r.status === 201) acked.push(r.body.code as string);
        else refused = r;
      }
      expect(acked.length).toBeGreaterThan(20);
      expect(refused!.status, JSON.stringify(refused!.body)).toBe(507);
      expect(refused!.body.code).toBe('storage_full');
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      const code = acked.at(-1)!;
      expect((await api(s, token, 'GET', `/shipments/${code}`)).status).toBe(200);
      expect((await api(s, token, 'GET', `/shipments?q=${code}`)).body.items).toBe(1);
      expect(s.err()).not.toMatch(/"level":50/);

      rmSync(ballast);
      const again = await api(s, token, 'POST', '/shipments', shipmentBody());
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      const stored = await sql<{ n: string }>('SELECT count(*) AS n FROM shipments');
      expect(Number(stored[0]!.n)).toBe(acked.length + 1);
      await sql('ALTER TABLE shipments SET TABLESPACE pg_default');
      await sql('DROP TABLESPACE station_small');
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
      execFileSync('umount', ['-l', pgFullMount]);
      rmSync(pgFullMount, { recursive: true, force: true });
    }
  }, 180_000);
});
