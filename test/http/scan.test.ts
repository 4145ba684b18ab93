import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, httpTransport, type StationClient } from '../../core/shared/client/index.js';
import { directAccount } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { createShipment, errorPaths, expectProblem, uniqueRef } from './fixtures.js';

describe('GET /scan: what a scanned value opens', () => {
  let s: Station;
  let token: string;
  let rivalToken: string;
  let client: StationClient;
  const scan = (value: string, t = token) => s.request('GET', `/scan?value=${encodeURIComponent(value)}`, { token: t });

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'acme', ['shipments.read', 'shipments.write'])).token;
    rivalToken = (await directAccount(s, 'rival', ['shipments.read', 'shipments.write'])).token;
    client = createClient(httpTransport({ baseUrl: s.url, token }));
  });
  afterAll(() => s.stop());

  it("opens the account's shipment by its order ref, exact and trimmed", async () => {
    const ref = uniqueRef('Pedido');
    const sh = await createShipment(s, token, { ref });
    expect(await client.call('scan.resolve', { query: { value: ` ${ref}\t` } })).toEqual({
      kind: 'shipment',
      shipment: sh,
    });
    // Exact: another case or a prefix is another order.
    expect(await client.call('scan.resolve', { query: { value: ref.toUpperCase() } })).toEqual({
      kind: 'new',
      ref: ref.toUpperCase(),
    });
    expect(await client.call('scan.resolve', { query: { value: ref.slice(0, -1) } })).toEqual({
      kind: 'new',
      ref: ref.slice(0, -1),
    });
  });

  it("opens a shipment by its code (the label's Code 128), in any letter case", async () => {
    const sh = await createShipment(s, token);
    expect((await scan(sh.code)).body).toEqual({ kind: 'shipment', shipment: sh });
    expect((await scan(sh.code.toLowerCase())).body).toEqual({ kind: 'shipment', shipment: sh });
  });

  it("opens a shipment by its label's QR token, verified with the station's keys", async () => {
    const sh = await createShipment(s, token);
    const { qr } = (await s.request('GET', `/labels/qr?code=${sh.code}`, { token })).body;
    const r = await scan(qr);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ kind: 'shipment', shipment: sh });
  });

  it("does not open another account's shipment: its ref is a new order here, its code unknown, its QR token not found", async () => {
    const theirs = await createShipment(s, rivalToken);
    expect((await scan(theirs.ref)).body).toEqual({ kind: 'new', ref: theirs.ref });
    expect((await scan(theirs.code)).body).toEqual({ kind: 'unknown', code: theirs.code });
    const { qr } = (await s.request('GET', `/labels/qr?code=${theirs.code}`, { token: rivalToken })).body;
    expect((await scan(qr, rivalToken)).body.kind).toBe('shipment');
    expectProblem(await scan(qr), 404, 'not_found');
  });

  it('does not turn a QR token that fails verification into a new order', async () => {
    const sh = await createShipment(s, token);
    const { qr } = (await s.request('GET', `/labels/qr?code=${sh.code}`, { token })).body;
    const [header, payload, signature] = (qr as string).split('.');
    // Another signature of the right length: the station's key does not verify it.
    const forged = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(expectProblem(await scan(forged), 404, 'not_found').detail).toMatch(/bad signature/);
    const unknownKey = `${Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'nope' })).toString('base64url')}.${payload}.${signature}`;
    expect(expectProblem(await scan(unknownKey), 404, 'not_found').detail).toMatch(/unknown key/);
  });

  it('says a code misread by one character is unknown: never a new order with the code as its ref', async () => {
    const sh = await createShipment(s, token);
    const i = sh.code.length - 1;
    const misread = sh.code.slice(0, i) + (sh.code[i] === 'E' ? 'F' : 'E');
    const r = await scan(` ${misread} `);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ kind: 'unknown', code: misread });
    // An order ref of that shape is still that order: refs come first.
    const coded = await createShipment(s, token, { ref: 'YHEJEAD9AE' });
    expect((await scan('YHEJEAD9AE')).body).toEqual({ kind: 'shipment', shipment: coded });
  });

  it('starts a new shipment with any other value as its ref, near misses of a code shape included', async () => {
    // Nine or eleven characters, a 0, O, 1 or I (not in the code alphabet), lower case: refs, not codes.
    const near = ['YHEJEAD9A', 'YHEJEAD9AEE', 'YHEJEAD0AE', 'YHEJEAD1AE', 'YHEJEADOAE', 'yhejead9ae'];
    for (const value of ['ORD-1001', 'a.b.c', 'eyJhbGciOiJFZERTQSJ9.e30.x', '  12345  ', ...near]) {
      const r = await scan(value);
      expect(r.status, value).toBe(200);
      expect(r.body, value).toEqual({ kind: 'new', ref: value.trim() });
    }
  });

  it('refuses a value that cannot be a ref, naming /value', async () => {
    for (const query of ['value=', 'value=%20%20', `value=${'x'.repeat(501)}`, '']) {
      const r = await s.request('GET', `/scan?${query}`, { token });
      expectProblem(r, 400, 'validation_failed');
      expect(errorPaths(r), query).toEqual(['/value']);
    }
  });
});
