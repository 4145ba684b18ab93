import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { accentedBody, accountWithToken, createShipment, download, LONG_ACCENTED } from './fixtures.js';
import { decode, pdfInfo, renderPages, scratch, words } from './tools.js';

const MM = 72 / 25.4;
const A7 = { width: 74 * MM, height: 105 * MM };
const A4 = { width: 210 * MM, height: 297 * MM };

describe('labels over HTTP', () => {
  const clock = fixedClock('2026-11-21T10:00:00Z');
  const tmp = scratch();
  let s: Station;
  let token: string;
  let other: string;
  let acc: number;

  beforeAll(async () => {
    s = await startInProcess({ clock });
    ({ id: acc, token } = await accountWithToken(s, 'acme', ALL_PERMISSIONS));
    ({ token: other } = await accountWithToken(s, 'rival', ALL_PERMISSIONS));
  });
  afterAll(async () => {
    await s.stop();
    tmp.remove();
  });

  async function label(query: string, t = token) {
    return s.request('GET', `/labels?${query}`, { token: t });
  }

  async function fetchPdf(query: string, name: string): Promise<string> {
    const r = await label(query);
    expect(r.status, r.text).toBe(200);
    const d = await download(r.body.url);
    expect(d.status).toBe(200);
    expect(d.type).toBe('application/pdf');
    return tmp.file(name, d.bytes);
  }

  it('serves an A7 label whose Code 128 and QR decode, and whose QR token verifies against the JWKS', async () => {
    const sh = await createShipment(s, token);
    expect(sh.labelled_at).toBeNull();
    const r = await label(`code=${sh.code}`);
    expect(r.status).toBe(200);
    expect(r.body.url).toMatch(new RegExp(`^${s.url}/labels/files/[A-Za-z0-9_-]{43}\\.pdf$`));
    const pdf = await fetchPdf(`code=${sh.code}`, 'a7.pdf');

    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.width).toBeCloseTo(A7.width, 1);
    expect(info.height).toBeCloseTo(A7.height, 1);

    const [page] = await renderPages(pdf, 300);
    const found = await decode(page!);
    expect(found.code128).toEqual([sh.code]);
    expect(found.qr).toHaveLength(1);

    const jwks = await s.request('GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    const { payload, protectedHeader } = await jwtVerify(found.qr[0]!, createLocalJWKSet(jwks.body));
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: expect.any(String) });
    expect(payload).toMatchObject({ code: sh.code, acc, iat: Date.parse('2026-11-21T10:00:00Z') / 1000 });

    const after = await s.request('GET', `/shipments/${sh.code}`, { token });
    expect(after.body.labelled_at).toBe('2026-11-21T10:00:00.000Z');
  });

  it('puts 8 labels on an A4 page, every barcode decodable, in the order given', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) codes.push((await createShipment(s, token)).code);
    const pdf = await fetchPdf(`code=${codes.join(',')}&printer=PDF_A4`, 'a4.pdf');
    const info = await pdfInfo(pdf);
    expect(info).toMatchObject({ pages: 1 });
    expect(info.width).toBeCloseTo(A4.width, 1);
    expect(info.height).toBeCloseTo(A4.height, 1);
    const [page] = await renderPages(pdf, 200);
    const found = await decode(page!);
    expect([...found.code128].sort()).toEqual([...codes].sort());
    const jwks = createLocalJWKSet((await s.request('GET', '/.well-known/jwks.json')).body);
    const qrCodes = await Promise.all(found.qr.map(async (t) => (await jwtVerify(t, jwks)).payload.code));
    expect([...qrCodes].sort()).toEqual([...codes].sort());
    // Document order: tile 1 is top-left, tile 2 top-right, … (the label text reads sideways in each tile).
    const placed = (await words(pdf)).filter((w) => codes.includes(w.text));
    // Each code's tile from the centre of its text box: rows of A4.height/4, columns of A4.width/2.
    const tile = (w: (typeof placed)[number]) =>
      Math.floor((w.yMin + w.yMax) / 2 / (A4.height / 4)) * 2 + Math.floor((w.xMin + w.xMax) / 2 / (A4.width / 2));
    expect(placed.map((w) => [w.text, tile(w)])).toEqual(expect.arrayContaining(codes.map((c, i) => [c, i])));
    expect(placed).toHaveLength(codes.length);
  });

  it('start=N leaves the first N-1 tiles of the first sheet empty', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) codes.push((await createShipment(s, token)).code);
    const pdf = await fetchPdf(`code=${codes.join(',')}&printer=PDF_A4&start=3`, 'a4-start.pdf');
    expect((await pdfInfo(pdf)).pages).toBe(2);
    const ws = (await words(pdf)).filter((w) => codes.includes(w.text));
    expect(
      ws
        .filter((w) => w.page === 1)
        .map((w) => w.text)
        .sort(),
    ).toEqual(codes.slice(0, 6).sort());
    expect(ws.filter((w) => w.page === 2).map((w) => w.text)).toEqual([codes[6]]);
    // Tiles 1 and 2 (the top row) stay empty: nothing is printed in the top quarter of page 1.
    expect(ws.filter((w) => w.page === 1).every((w) => w.yMin > A4.height / 4)).toBe(true);
  });

  it('keeps long and accented names inside the label and prints them with the embedded font', async () => {
    const sh = await createShipment(s, token, accentedBody());
    const pdf = await fetchPdf(`code=${sh.code}`, 'accented.pdf');
    const ws = await words(pdf);
    const margin = 3 * MM - 0.5;
    for (const w of ws) {
      expect(w.xMin, w.text).toBeGreaterThanOrEqual(margin);
      expect(w.xMax, w.text).toBeLessThanOrEqual(A7.width - margin);
      expect(w.yMin, w.text).toBeGreaterThanOrEqual(margin);
      expect(w.yMax, w.text).toBeLessThanOrEqual(A7.height - margin);
    }
    const text = ws.map((w) => w.text).join(' ');
    for (const word of ['Łukasiewicz-Ğündoğdu', 'Świętokrzyska', 'Kraków-Śródmieście']) expect(text).toContain(word);
    // The receiver's name wraps onto a second line instead of running off the label.
    const nameLines = new Set(ws.filter((w) => LONG_ACCENTED.name.includes(w.text)).map((w) => Math.round(w.yMin)));
    expect(nameLines.size).toBeGreaterThan(1);
  });

  it('with packages=true puts the parent and each package in one document, with n/N', async () => {
    const parent = await createShipment(s, token);
    const kids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await s.request('POST', `/shipments/${parent.code}/packages`, {
        token,
        body: {
          ref: `PKG-${parent.code}-${i}`,
          origin: accentedBody().destination,
          dimensions: { height: 1, width: 2, length: 3, weight: 0.5 },
        },
      });
      expect(r.status, r.text).toBe(201);
      kids.push(r.body.code);
    }
    const pdf = await fetchPdf(`code=${parent.code}&packages=true`, 'packages.pdf');
    expect((await pdfInfo(pdf)).pages).toBe(3);
    const pages = await renderPages(pdf, 300);
    const decoded = await Promise.all(pages.map(async (p) => (await decode(p)).code128));
    expect(decoded).toEqual([[parent.code], [kids[0]], [kids[1]]]);
    const ws = await words(pdf);
    expect(ws.filter((w) => w.page === 2).map((w) => w.text)).toContain('1/2');
    expect(ws.filter((w) => w.page === 3).map((w) => w.text)).toContain('2/2');
  });

  it('answers the contract errors', async () => {
    const sh = await createShipment(s, token);
    expect((await label(`code=${sh.code}`, other)).status).toBe(404);
    expect((await label('code=ZZZZZZZZZZ')).body).toMatchObject({
      status: 404,
      detail: expect.stringContaining('ZZZZZZZZZZ'),
    });
    const bad = await label('code=AB-CD');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('/code');
    expect((await label(`code=${sh.code},,${sh.code}`)).status).toBe(400);
    expect((await label(`code=${Array(501).fill(sh.code).join(',')}`)).body.errors[0]).toMatchObject({ path: '/code' });
    expect((await label(`code=${sh.code}&printer=PDF_A5`)).body.errors[0].path).toBe('/printer');
    expect((await label(`code=${sh.code}&start=2`)).body.errors[0].path).toBe('/start');
    expect((await label(`code=${sh.code}&printer=PDF_A4&start=9`)).body.errors[0].path).toBe('/start');
    expect((await label(`code=${sh.code}&bogus=1`)).status).toBe(400);
    expect((await s.request('GET', `/labels?code=${sh.code}`)).status).toBe(401);
    const readOnlyRates = (
      await s.services!.auth.createToken({
        account: acc,
        name: 'rates',
        permissions: ['rates.read'],
      })
    ).token;
    expect((await label(`code=${sh.code}`, readOnlyRates)).status).toBe(403);

    await s.request('POST', `/shipments/${sh.code}/cancel`, { token });
    const canceled = await label(`code=${sh.code}`);
    expect(canceled.status).toBe(409);
    expect(canceled.body.code).toBe('invalid_state');
    expect((await s.request('GET', `/labels/qr?code=${sh.code}`, { token })).status).toBe(409);
    expect((await s.request('GET', `/shipments/${sh.code}`, { token })).body.labelled_at).toBeNull();
  });

  it('serves a download without a token for 24 hours, then 404; a guessed secret is 404', async () => {
    const sh = await createShipment(s, token);
    const { url } = (await label(`code=${sh.code}`)).body;
    expect((await download(url)).status).toBe(200);
    clock.advance(24 * 3600 * 1000 - 1000);
    expect((await download(url)).status).toBe(200);
    clock.advance(2000);
    const gone = await download(url);
    expect(gone.status).toBe(404);
    expect(gone.type).toContain('application/problem+json');
    expect((await download(url.replace(/[A-Za-z0-9_-]{43}/, 'A'.repeat(43)))).status).toBe(404);
    expect((await download(`${s.url}/labels/files/..%2F..%2Fstation.db`)).status).toBe(404);
  });

  it('GET /labels/qr returns the signed token of a code; another account gets 404', async () => {
    const sh = await createShipment(s, token);
    const r = await s.request('GET', `/labels/qr?code=${sh.code.toLowerCase()}`, { token });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['qr']);
    const jwks = createLocalJWKSet((await s.request('GET', '/.well-known/jwks.json')).body);
    expect((await jwtVerify(r.body.qr, jwks)).payload).toMatchObject({ code: sh.code, acc });
    expect((await s.request('GET', `/labels/qr?code=${sh.code}`, { token: other })).status).toBe(404);
    expect((await s.request('GET', '/labels/qr', { token })).status).toBe(400);
  });
});
