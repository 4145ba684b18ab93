import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_PATTERN } from '../../core/shared/schemas/codes.js';
import { ALL_PERMISSIONS, startStation, type Station } from '../helpers/station.js';
import { admin, errorPaths, expectProblem, shipmentBody, uniqueRef, withPath } from './fixtures.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('create and get shipments (station serve)', () => {
  let s: Station;
  let token: string;
  const count = async () => (await s.request('GET', '/shipments?size=1', { token })).body.items as number;
  const post = (body: unknown) => s.request('POST', '/shipments', { token, body });

  beforeAll(async () => {
    s = await startStation();
    const a = await admin(s);
    token = (await a.token(await a.account('acme'), ALL_PERMISSIONS)).token;
    await a.close();
  });
  afterAll(() => s.stop());

  describe('success', () => {
    it('creates a shipment (201) echoing the request plus the contract fields, readable by id and by code', async () => {
      const body = shipmentBody();
      const r = await post(body);
      expect(r.status).toBe(201);
      const c = r.body;
      expect(c).toEqual({
        ...body,
        id: expect.any(Number),
        code: expect.stringMatching(CODE_PATTERN),
        method: 'STANDARD',
        office: null,
        status: 'TO_COLLECT',
        sub_status: null,
        twin: null,
        number: null,
        packages: 0,
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
        labelled_at: null,
        actions: { cancel: true, label: true, packages: true, events: true },
      });
      expect(c.updated_at).toBe(c.created_at);
      for (const key of [c.id, c.code, c.code.toLowerCase()]) {
        const g = await s.request('GET', `/shipments/${key}`, { token });
        expect(g.status).toBe(200);
        expect(g.body).toEqual(c);
      }
    });

    it('starts with one tracking event in its first status; a RETURN starts in TO_RECOVER', async () => {
      for (const [type, status] of [
        ['DELIVERY', 'TO_COLLECT'],
        ['EXCHANGE', 'TO_COLLECT'],
        ['RETURN', 'TO_RECOVER'],
      ] as const) {
        const c = (await post(shipmentBody({ type }))).body;
        expect(c.status).toBe(status);
        const ev = await s.request('GET', `/shipments/${c.code}/events`, { token });
        expect(ev.status).toBe(200);
        expect(ev.body).toEqual([{ id: expect.any(Number), date: c.created_at, status }]);
      }
    });

    it('accepts the minimum body; optional members come back null and method defaults to STANDARD', async () => {
      const minimal = {
        ref: uniqueRef(),
        type: 'DELIVERY',
        origin: { contact: { name: 'A' }, address: { street: 's', city: 'c', state: 'st', country: 'ES', zip: '1' } },
        destination: {
          contact: { name: 'B' },
          address: { street: 's', city: 'c', state: 'st', country: 'FR', zip: '2' },
        },
        dimensions: { height: 0.1, width: 0.1, length: 0.1, weight: 0.001 },
      };
      const r = await post(minimal);
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        ...minimal,
        method: 'STANDARD',
        value: null,
        content: null,
        notes: null,
        platform: null,
      });
    });

    it('accepts EXPRESS and SAME_DAY methods, value 0 and the edges of lat/lng', async () => {
      for (const method of ['EXPRESS', 'SAME_DAY', 'STANDARD'])
        expect((await post(shipmentBody({ method }))).body.method).toBe(method);
      expect((await post(shipmentBody({ value: 0 }))).body.value).toBe(0);
      for (const [lat, lng] of [
        [90, 180],
        [-90, -180],
        [0, 0],
      ]) {
        const b = withPath(withPath(shipmentBody(), '/destination/address/lat', lat), '/destination/address/lng', lng);
        expect((await post(b)).status).toBe(201);
      }
    });

    it('trims every string and accepts 500 characters after trimming', async () => {
      const ref = uniqueRef();
      let b = shipmentBody({ ref: `  ${ref}\t`, notes: ` ${'n'.repeat(500)} ` });
      b = withPath(b, '/destination/contact/name', '  Ana  ');
      b = withPath(b, '/destination/address/country', ' AR ');
      const r = await post(b);
      expect(r.status).toBe(201);
      expect(r.body.ref).toBe(ref);
      expect(r.body.notes).toBe('n'.repeat(500));
      expect(r.body.destination.contact.name).toBe('Ana');
      expect(r.body.destination.address.country).toBe('AR');
    });

    it('gives every shipment its own code, unrelated to its id', async () => {
      const made = await Promise.all(Array.from({ length: 20 }, () => post(shipmentBody())));
      const codes = made.map((r) => r.body.code as string);
      expect(new Set(codes).size).toBe(20);
      for (const c of codes) expect(c).toMatch(CODE_PATTERN);
      // A code derived from the id (a counter in base 32, a padded id) changes in a position or two from one
      // shipment to the next; random codes differ almost everywhere (9.7 of 10 positions on average).
      const byId = [...made].sort((a, b) => a.body.id - b.body.id).map((r) => r.body.code as string);
      const distances = byId.slice(1).map((c, i) => [...c].filter((ch, k) => ch !== byId[i]![k]).length);
      expect(distances.reduce((a, b) => a + b, 0) / distances.length).toBeGreaterThan(7);
    });

    it('answers 404 for an id or code that does not exist', async () => {
      for (const key of ['999999', 'ZZZZZZZZZZ', 'abc'])
        expectProblem(await s.request('GET', `/shipments/${key}`, { token }), 404, 'not_found');
      expectProblem(await s.request('GET', `/shipments/${'A'.repeat(65)}`, { token }), 400, 'validation_failed');
    });
  });

  describe('ref uniqueness', () => {
    it('answers 409 duplicate_ref naming the existing shipment, also when the ref differs only by spaces', async () => {
      const first = (await post(shipmentBody())).body;
      const before = await count();
      for (const ref of [first.ref, ` ${first.ref} `]) {
        const r = await post(shipmentBody({ ref }));
        const p = expectProblem(r, 409, 'duplicate_ref');
        expect(p.existing).toEqual({ id: first.id, code: first.code });
      }
      expect(await count()).toBe(before);
    });
  });

  describe('validation', () => {
    const long = 'x'.repeat(501);
    /** [pointer, value (undefined removes it)]: the error names the same pointer. */
    const rules: Array<[string, unknown]> = [
      ['/ref', undefined],
      ['/ref', ''],
      ['/ref', '   '],
      ['/ref', long],
      ['/ref', 42],
      ['/type', undefined],
      ['/type', 'PICKUP'],
      ['/type', 'delivery'],
      ['/method', 'TELEPORT'],
      ['/platform', 'AMZ'],
      ['/office', 0],
      ['/office', 1.5],
      ['/value', -0.01],
      ['/value', '10'],
      ['/value', null],
      ['/content', long],
      ['/notes', long],
      ['/notes', 5],
      ['/origin', undefined],
      ['/destination', undefined],
      ['/dimensions', undefined],
      ['/origin/contact', undefined],
      ['/destination/contact', undefined],
      ['/origin/contact/name', undefined],
      ['/destination/contact/name', '  '],
      ['/destination/contact/name', long],
      ['/destination/contact/phone', '5493511234567'],
      ['/destination/contact/phone', '+1234567'],
      ['/destination/contact/phone', '+1234567890123456'],
      ['/destination/contact/phone', '+54 351 1234567'],
      ['/destination/contact/email', 'not-an-email'],
      ['/destination/contact/email', 'a@'],
      ['/destination/contact/email', '@b.com'],
      ['/destination/contact/identification', long],
      ...(['street', 'city', 'state', 'country', 'zip'] as const).flatMap((f): Array<[string, unknown]> => [
        [`/origin/address/${f}`, undefined],
        [`/destination/address/${f}`, ''],
      ]),
      ['/destination/address', undefined],
      ['/destination/address/street', long],
      ['/destination/address/country', 'XX'],
      ['/destination/address/country', 'ARG'],
      ['/destination/address/country', 'ar'],
      ['/destination/address/type', 'HOME'],
      ['/destination/address/lat', 90.0001],
      ['/destination/address/lat', -91],
      ['/destination/address/lat', '10'],
      ['/destination/address/lng', 180.5],
      ['/destination/address/lng', -181],
      ...(['height', 'width', 'length', 'weight'] as const).flatMap((f): Array<[string, unknown]> => [
        [`/dimensions/${f}`, undefined],
        [`/dimensions/${f}`, 0],
        [`/dimensions/${f}`, -1],
        [`/dimensions/${f}`, '5'],
      ]),
      // Unknown members, at every level.
      ['/surprise', 1],
      ['/origin/extra', {}],
      ['/destination/contact/nickname', 'x'],
      ['/destination/address/floor', 3],
      ['/dimensions/depth', 1],
    ];

    const shown = (v: unknown) =>
      typeof v === 'string' && v.length > 20 ? `"${v.slice(0, 3)}…" (${v.length} chars)` : JSON.stringify(v);
    it.each(rules.map(([path, value]) => ({ path, value, shown: shown(value) })))(
      '$path = $shown is 400 naming the field, and stores nothing',
      async ({ path, value }) => {
        const before = await count();
        const r = await post(withPath(shipmentBody(), path, value));
        const p = expectProblem(r, 400, 'validation_failed');
        expect(errorPaths(r)).toContain(path);
        expect(p.detail.length).toBeGreaterThan(0);
        expect(await count()).toBe(before);
      },
    );

    it('lists every offending field at once', async () => {
      let b = withPath(shipmentBody(), '/ref', undefined);
      b = withPath(b, '/destination/address/zip', undefined);
      b = withPath(b, '/dimensions/weight', 0);
      const r = await post(b);
      expectProblem(r, 400, 'validation_failed');
      expect(errorPaths(r)).toEqual(expect.arrayContaining(['/ref', '/destination/address/zip', '/dimensions/weight']));
      expect(r.body.detail).toMatch(/ref is required/);
    });

    it('refuses an office without method PICKUP, and PICKUP without an office or with another type', async () => {
      expect(errorPaths(await post(shipmentBody({ office: 1 })))).toContain('/office');
      expect(errorPaths(await post(shipmentBody({ method: 'PICKUP' })))).toContain('/office');
      expect(errorPaths(await post(shipmentBody({ method: 'PICKUP', type: 'RETURN', office: 1 })))).toContain('/type');
    });

    it('answers 404 for a PICKUP office that does not exist', async () => {
      expectProblem(await post(shipmentBody({ method: 'PICKUP', office: 987654 })), 404, 'not_found');
    });

    it('refuses a member named __proto__ as unknown instead of treating it as a prototype', async () => {
      const raw = JSON.stringify(shipmentBody()).replace(/^\{/, '{"__proto__":{"admin":true},');
      const r = await s.request('POST', '/shipments', {
        token,
        rawBody: raw,
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(r, 400, 'validation_failed');
      expect(errorPaths(r)).toEqual(['/__proto__']);
    });

    it('refuses a body that is not a JSON object', async () => {
      for (const raw of ['[]', '42', '"text"', 'null', 'true']) {
        const r = await s.request('POST', '/shipments', {
          token,
          rawBody: raw,
          headers: { 'content-type': 'application/json' },
        });
        expect([400], `${raw}: ${r.text}`).toContain(r.status);
        expect(r.body.code).toMatch(/^(validation_failed|invalid_json)$/);
      }
    });
  });

  describe('body handling', () => {
    const json = { 'content-type': 'application/json' };

    it('answers 400 invalid_json to a body that is not JSON', async () => {
      for (const raw of ['{', '{"ref": }', "{'ref': 'x'}", 'ref=1', '{"a":1}}', '\u0000'])
        expectProblem(
          await s.request('POST', '/shipments', { token, rawBody: raw, headers: json }),
          400,
          'invalid_json',
        );
    });

    it('answers 415 to a body without Content-Type: application/json', async () => {
      const raw = JSON.stringify(shipmentBody());
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ])
        expectProblem(
          await s.request('POST', '/shipments', { token, rawBody: raw, headers: { 'content-type': type } }),
          415,
          'unsupported_media_type',
        );
      // fetch adds no Content-Type for a Blob without a type.
      const r = await fetch(`${s.url}/shipments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: new Blob([raw]),
      });
      expect(r.status).toBe(415);
    });

    it('accepts application/json with a charset', async () => {
      const r = await s.request('POST', '/shipments', {
        token,
        rawBody: JSON.stringify(shipmentBody()),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(r.status).toBe(201);
    });

    it('answers 413 to a body over 1 MiB, and validates one just under it', async () => {
      const before = await count();
      const pad = (n: number) => JSON.stringify({ ...shipmentBody(), notes: 'x'.repeat(n) });
      const base = Buffer.byteLength(pad(0)); // bytes, not characters: the body has accents
      expectProblem(
        await s.request('POST', '/shipments', { token, rawBody: pad(1024 * 1024 - base + 1), headers: json }),
        413,
        'payload_too_large',
      );
      const under = await s.request('POST', '/shipments', { token, rawBody: pad(1024 * 1024 - base), headers: json });
      expect(errorPaths(under), under.text).toEqual(['/notes']);
      expect(await count()).toBe(before);
    });
  });
});
