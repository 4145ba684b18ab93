import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { createCore, type Core } from '../../core/app/index.js';
import { listen } from '../../core/adapters/http/listen.js';
import { storeSql } from '../helpers/store-sql.js';
import { ALL_PERMISSIONS, startInProcess, startStation, type ApiResponse, type Station } from '../helpers/station.js';
import { FAST, startReceiver, type Receiver } from '../webhooks/receiver.js';
import { admin, createShipment, expectProblem, shipmentBody, type Body } from './fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A POST with an `Idempotency-Key`. */
const keyed = (s: Station, token: string, path: string, key: string, body: unknown) =>
  s.request('POST', path, { token, body, headers: { 'Idempotency-Key': key } });

const replayed = (r: ApiResponse) => r.headers.get('idempotent-replayed');

/** Tokens with every permission of two accounts of `s`. */
async function twoAccounts(s: Station): Promise<{ acme: string; globex: string }> {
  const a = await admin(s);
  const acme = (await a.token(await a.account('acme'), ALL_PERMISSIONS)).token;
  const globex = (await a.token(await a.account('globex'), ALL_PERMISSIONS)).token;
  await a.close();
  return { acme, globex };
}

/**
 * Holds the next call of `obj[method]` until `release()`: `inside` resolves once the call has begun, so that a test
 * knows a request is in flight without waiting for a time. Later calls go straight through.
 */
function holdNext<O extends object>(obj: O, method: keyof O & string) {
  const original = obj[method] as (...args: unknown[]) => Promise<unknown>;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  (obj as Record<string, unknown>)[method] = async (...args: unknown[]) => {
    (obj as Record<string, unknown>)[method] = original;
    entered();
    await released;
    return original.apply(obj, args);
  };
  return { inside, release };
}

describe('Idempotency-Key (station serve)', () => {
  let s: Station;
  let acme: string;
  let globex: string;
  let rx: Receiver;

  beforeAll(async () => {
    s = await startStation({ env: FAST });
    ({ acme, globex } = await twoAccounts(s));
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx.close();
    await s.stop();
  });

  it('a tracking event sent again with the same key is recorded once and sends one webhook', async () => {
    const hook = await s.request('POST', '/webhooks', {
      token: acme,
      body: { url: rx.url, events: ['shipment.status_changed'] },
    });
    expect(hook.status, hook.text).toBe(201);
    rx.trust(hook.body.secret);
    const { id, code } = await createShipment(s, acme);
    const key = randomUUID();
    const event = { status: 'COLLECTED' };

    const first = await keyed(s, acme, `/shipments/${id}/events`, key, event);
    expect(first.status, first.text).toBe(201);
    expect(replayed(first)).toBeNull();
    const again = await keyed(s, acme, `/shipments/${id}/events`, key, event);
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));

    const history = (await s.request('GET', `/shipments/${id}/events`, { token: acme })).body as Body[];
    expect(history.filter((e) => e.status === 'COLLECTED')).toHaveLength(1);
    // The retry was answered after anything it wrote had committed: one message in the outbox, one request received.
    const messages = await storeSql<{ n: number }>(
      s,
      "SELECT count(*) AS n FROM webhook_deliveries WHERE type = 'shipment.status_changed' AND body LIKE ?",
      [`%${code}%`],
    );
    expect(Number(messages[0]!.n)).toBe(1);
    await expect.poll(() => rx.delivered().size).toBe(1);
    expect(rx.received.map((r) => r.payload.data.shipment.code)).toEqual([code]);
  });

  it('a create sent again answers the same 201 and body, and creates one shipment; another body with the key is 422', async () => {
    const key = randomUUID();
    const body = shipmentBody();
    const first = await keyed(s, acme, '/shipments', key, body);
    expect(first.status, first.text).toBe(201);
    // The same data, its members in another order: the same request.
    const again = await keyed(s, acme, '/shipments', key, Object.fromEntries(Object.entries(body).reverse()));
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(replayed(again)).toBe('true');

    const other = await keyed(s, acme, '/shipments', key, { ...body, notes: 'Leave at the door' });
    const problem = expectProblem(other, 422, 'idempotency_key_reused');
    expect(problem.detail).toContain(key);
    // The same body on another path is another request too.
    expectProblem(
      await keyed(s, acme, `/shipments/${first.body.id}/cancel`, key, undefined),
      422,
      'idempotency_key_reused',
    );

    const found = await s.request('GET', `/shipments?q=${body.ref}`, { token: acme });
    expect(found.body.data.map((x: Body) => x.id)).toEqual([first.body.id]);
  });

  it("two accounts' same key are two keys", async () => {
    const key = 'order-1234';
    const ref = `ORD-${randomUUID().slice(0, 8)}`;
    const a = await keyed(s, acme, '/shipments', key, shipmentBody({ ref }));
    const b = await keyed(s, globex, '/shipments', key, shipmentBody({ ref }));
    expect([a.status, b.status], b.text).toEqual([201, 201]);
    expect(replayed(b)).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('an invalid request is not kept (corrected, it is sent with the same key); a refusal of the operation is', async () => {
    const key = randomUUID();
    const invalid = await keyed(s, acme, '/shipments', key, shipmentBody({ type: 'PARCEL' }));
    expectProblem(invalid, 400, 'validation_failed');
    const corrected = await keyed(s, acme, '/shipments', key, shipmentBody());
    expect(corrected.status, corrected.text).toBe(201);
    expect(replayed(corrected)).toBeNull();

    // TO_COLLECT → TO_DELIVER is refused; the refusal is the key's answer for 24 hours, even once it would be allowed.
    const { id } = corrected.body;
    const moveKey = randomUUID();
    const refused = await keyed(s, acme, `/shipments/${id}/events`, moveKey, { status: 'TO_DELIVER' });
    expectProblem(refused, 409, 'invalid_state');
    expect(
      (await s.request('POST', `/shipments/${id}/events`, { token: acme, body: { status: 'COLLECTED' } })).status,
    ).toBe(201);
    const again = await keyed(s, acme, `/shipments/${id}/events`, moveKey, { status: 'TO_DELIVER' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused.body);
    expect(replayed(again)).toBe('true');
    const history = (await s.request('GET', `/shipments/${id}/events`, { token: acme })).body as Body[];
    expect(history.map((e) => e.status)).toEqual(['TO_COLLECT', 'COLLECTED']);
  });

  it('refuses a key that is empty, too long or not printable ASCII, and any key on a GET, naming the header', async () => {
    const cases: Array<[string, string, string]> = [
      ['POST', '', 'min_length'],
      ['POST', 'k'.repeat(256), 'max_length'],
      ['POST', 'tab\there', 'pattern'],
      ['GET', randomUUID(), 'not_allowed'],
    ];
    for (const [method, key, code] of cases) {
      const r = await s.request(method, '/shipments', {
        token: acme,
        ...(method === 'POST' ? { body: shipmentBody() } : {}),
        headers: { 'Idempotency-Key': key },
      });
      const problem = expectProblem(r, 400, 'validation_failed');
      expect(problem.errors, `${method} ${JSON.stringify(key)}`).toMatchObject([{ path: '/Idempotency-Key', code }]);
    }
    // 255 characters is a key.
    expect((await keyed(s, acme, '/shipments', 'k'.repeat(255), shipmentBody())).status).toBe(201);
  });

  it('documents the header, the replay and the 409/422 on every POST of the OpenAPI document, and on no read', async () => {
    const doc = (await s.request('GET', '/openapi.json')).body as Body;
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    let posts = 0;
    for (const [path, item] of Object.entries<Body>(doc.paths)) {
      for (const [method, op] of Object.entries<Body>(item)) {
        const takesKey = (op.parameters ?? []).some((p: Body) => p.$ref === '#/components/parameters/IdempotencyKey');
        expect(takesKey, `${method} ${path}`).toBe(method === 'post');
        if (method !== 'post') continue;
        posts++;
        expect(op.responses['409']?.description, `${method} ${path}`).toContain('idempotency_key_in_flight');
        expect(op.responses['422']?.description, `${method} ${path}`).toContain('idempotency_key_reused');
        const ok = Object.entries<Body>(op.responses).find(([status]) => status.startsWith('2'))![1];
        expect(ok.headers['Idempotent-Replayed'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(posts).toBeGreaterThan(20);
  });
});

describe('Idempotency-Key: in flight, expiry, stations sharing a store', () => {
  const clock = fixedClock('2026-03-02T12:00:00.000Z');
  let s: Station;
  let acme: string;

  beforeAll(async () => {
    s = await startInProcess({ clock });
    ({ acme } = await twoAccounts(s));
  });
  afterAll(() => s.stop());

  it('a request sent while the first with its key is being answered is 409; once answered, the answer is replayed', async () => {
    const { id } = await createShipment(s, acme);
    const key = randomUUID();
    const held = holdNext(s.services!.shipments, 'recordEvent');
    const first = keyed(s, acme, `/shipments/${id}/events`, key, { status: 'COLLECTED' });
    await held.inside;
    const during = await keyed(s, acme, `/shipments/${id}/events`, key, { status: 'COLLECTED' });
    expectProblem(during, 409, 'idempotency_key_in_flight');
    held.release();
    const answered = await first;
    expect(answered.status, answered.text).toBe(201);
    const after = await keyed(s, acme, `/shipments/${id}/events`, key, { status: 'COLLECTED' });
    expect([after.status, replayed(after)]).toEqual([201, 'true']);
    expect(after.body).toEqual(answered.body);
  });

  it('a key answers for 24 hours; then the same request is done again, and expired keys are deleted', async () => {
    const { id } = await createShipment(s, acme);
    const key = randomUUID();
    const event = { status: 'TO_COLLECT', issue: 'ABSENT_RECEIVER' };
    expect((await keyed(s, acme, `/shipments/${id}/events`, key, event)).status).toBe(201);
    clock.advance(DAY_MS - 1);
    expect(replayed(await keyed(s, acme, `/shipments/${id}/events`, key, event))).toBe('true');
    clock.advance(1);
    const again = await keyed(s, acme, `/shipments/${id}/events`, key, event);
    expect([again.status, replayed(again)]).toEqual([201, null]);
    const history = (await s.request('GET', `/shipments/${id}/events`, { token: acme })).body as Body[];
    expect(history.filter((e) => e.issue === 'ABSENT_RECEIVER')).toHaveLength(2);

    // A key used once and never again is deleted by the answers kept after its expiry.
    const once = randomUUID();
    expect((await keyed(s, acme, `/shipments/${id}/events`, once, event)).status).toBe(201);
    clock.advance(DAY_MS);
    const left = () => storeSql<{ n: number }>(s, 'SELECT count(*) AS n FROM idempotency_keys WHERE key = ?', [once]);
    expect(Number((await left())[0]!.n)).toBe(1);
    expect((await keyed(s, acme, `/shipments/${id}/events`, randomUUID(), event)).status).toBe(201);
    expect(Number((await left())[0]!.n)).toBe(0);
  });

  it('two stations on one store: the second to write a key is refused (409) and its writes undone', async () => {
    // A second station over the same store (PostgreSQL: a database two stations share; SQLite: the same file).
    let core: Core | undefined;
    let app: Awaited<ReturnType<typeof listen>>['app'] | undefined;
    try {
      core = await createCore({ dataDir: s.dataDir, store: s.store, clock, printQueue: false });
      const served = await listen(core, { host: '127.0.0.1', port: 0, rateLimitPerMinute: 0 });
      app = served.app;
      const second: Station = { ...s, url: served.url, request: (m, p, o) => fetchFrom(served.url, m, p, o) };

      const { id } = await createShipment(s, acme);
      const key = randomUUID();
      const event = { status: 'COLLECTED' };
      // The first station's request is held before its transaction; the second's is answered meanwhile.
      const held = holdNext(s.services!.shipments, 'recordEvent');
      const first = keyed(s, acme, `/shipments/${id}/events`, key, event);
      await held.inside;
      const done = await keyed(second, acme, `/shipments/${id}/events`, key, event);
      expect(done.status, done.text).toBe(201);
      held.release();
      expectProblem(await first, 409, 'idempotency_key_in_flight');
      const history = (await s.request('GET', `/shipments/${id}/events`, { token: acme })).body as Body[];
      expect(history.filter((e) => e.status === 'COLLECTED')).toHaveLength(1);
      // Sent again to the first station, the key answers what the second answered.
      const again = await keyed(s, acme, `/shipments/${id}/events`, key, event);
      expect([again.status, replayed(again)]).toEqual([201, 'true']);
      expect(again.body).toEqual(done.body);
    } finally {
      await app?.close();
      await core?.close();
    }
  });
});

/** A request to another listening station, as Station.request makes it. */
async function fetchFrom(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url + path, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}
