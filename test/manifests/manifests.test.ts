import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { accountWithToken, createShipment, download } from '../labels/fixtures.js';
import { decode, pdfInfo, renderPages, scratch, words } from '../labels/tools.js';

describe('end-of-day manifest', () => {
  const tmp = scratch();
  let s: Station;
  let token: string;
  let other: string;

  beforeAll(async () => {
    s = await startInProcess();
    ({ token } = await accountWithToken(s, 'acme', ALL_PERMISSIONS));
    ({ token: other } = await accountWithToken(s, 'rival', ALL_PERMISSIONS));
  });
  afterAll(async () => {
    await s.stop();
    tmp.remove();
  });

  const status = async (code: string) => (await s.request('GET', `/shipments/${code}`, { token })).body.status;
  const manifest = (codes: unknown, t = token) => s.request('POST', '/manifests', { token: t, body: { codes } });

  it('collects the listed shipments and gives the driver a PDF with each code as a barcode', async () => {
    const a = await createShipment(s, token, { dimensions: { height: 1, width: 1, length: 1, weight: 1.25 } });
    const b = await createShipment(s, token, { dimensions: { height: 1, width: 1, length: 1, weight: 2 } });
    const pkg = await s.request('POST', `/shipments/${b.code}/packages`, {
      token,
      body: {
        ref: `${b.code}-P1`,
        origin: {
          contact: { name: 'Ana' },
          address: { street: 'Calle 1', city: 'Rosario', state: 'SF', country: 'AR', zip: '2000' },
        },
        dimensions: { height: 1, width: 1, length: 1, weight: 0.5 },
      },
    });
    const codes = [a.code, b.code, pkg.body.code as string];

    const r = await manifest(codes.map((c) => c.toLowerCase()));
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ id: expect.any(Number), shipments: 2, pieces: 3, weight: 3.75, codes });
    for (const c of codes) expect(await status(c)).toBe('COLLECTED');
    const events = await s.request('GET', `/shipments/${a.code}/events`, { token });
    expect(events.body.map((e: { status: string }) => e.status)).toEqual(['TO_COLLECT', 'COLLECTED']);

    const d = await download(r.body.url);
    expect(d).toMatchObject({ status: 200, type: 'application/pdf' });
    const pdf = tmp.file('manifest.pdf', d.bytes);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.width).toBeCloseTo(595.28, 1);
    const [page] = await renderPages(pdf, 200);
    expect((await decode(page!)).code128.sort()).toEqual([...codes].sort());
    // The default rate card leaves from Córdoba, Argentina: the station prints in Spanish, numbers with a comma.
    const text = (await words(pdf)).map((w) => w.text).join(' ');
    for (const t of ['Firma', 'Total:', '3,75', '1/1', `${r.body.id}`, 'Retirado', 'chofer']) expect(text).toContain(t);
    expect(text).not.toContain('Signature');

    const again = await s.request('GET', `/manifests/${r.body.id}`, { token });
    expect(again.status).toBe(200);
    expect({ ...again.body, url: '' }).toEqual({ ...r.body, url: '' });
    expect((await download(again.body.url)).status).toBe(200);
    expect((await s.request('GET', `/manifests/${r.body.id}`, { token: other })).status).toBe(404);
  });

  it('prints its time in the station’s time zone, dated as its language writes dates, in English when set', async () => {
    const set = (body: object) => s.request('PUT', '/station/settings', { token, body });
    expect((await set({ time_zone: 'America/Argentina/Cordoba' })).body).toMatchObject({
      language: 'es',
      language_chosen: false,
    });
    const sh = await createShipment(s, token);
    const es = await manifest([sh.code]);
    const inCordoba = DateTime.fromISO(es.body.created_at as string, { zone: 'America/Argentina/Cordoba' });
    const esText = (await words(tmp.file('es.pdf', (await download(es.body.url)).bytes))).map((w) => w.text);
    expect(esText.join(' ')).toContain(`${inCordoba.toFormat('dd/MM/yyyy HH:mm')} (America/Argentina/Cordoba)`);

    expect((await set({ language: 'en' })).body).toMatchObject({ language: 'en', language_chosen: true });
    const en = await manifest([(await createShipment(s, token)).code]);
    const enText = (await words(tmp.file('en.pdf', (await download(en.body.url)).bytes))).map((w) => w.text);
    expect(enText.join(' ')).toContain('Signature');
    expect(enText.join(' ')).toContain(`${inCordoba.toFormat('yyyy-MM-dd')}`);
    expect((await set({ language: null })).body).toMatchObject({ language: 'es', language_chosen: false });
  });

  it('moves nothing when one shipment is not TO_COLLECT, and names it', async () => {
    const ok = await createShipment(s, token);
    const canceled = await createShipment(s, token);
    await s.request('POST', `/shipments/${canceled.code}/cancel`, { token });
    const r = await manifest([ok.code, canceled.code]);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'invalid_state', shipment: canceled.code });
    expect(r.body.detail).toContain(canceled.code);
    expect(await status(ok.code)).toBe('TO_COLLECT');
  });

  it('rejects bad input without moving anything', async () => {
    const sh = await createShipment(s, token);
    expect((await manifest([sh.code, sh.code])).body.errors[0].path).toBe('/codes/1');
    expect((await manifest([])).status).toBe(400);
    expect((await manifest(['no-such!'])).body.errors[0].path).toBe('/codes/0');
    expect((await manifest(Array(501).fill(sh.code))).status).toBe(400);
    expect((await manifest([sh.code], other)).status).toBe(404);
    expect((await manifest(['ZZZZZZZZZZ'])).body).toMatchObject({ status: 404, shipment: 'ZZZZZZZZZZ' });
    expect((await s.request('GET', '/manifests/abc', { token })).status).toBe(400);
    expect((await s.request('GET', '/manifests/999999', { token })).status).toBe(404);
    expect(await status(sh.code)).toBe('TO_COLLECT');
  });

  it('lays out a long manifest over several pages with page numbers', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 25; i++) codes.push((await createShipment(s, token)).code);
    const r = await manifest(codes);
    expect(r.status).toBe(201);
    const pdf = tmp.file('long.pdf', (await download(r.body.url)).bytes);
    expect((await pdfInfo(pdf)).pages).toBe(2);
    const ws = await words(pdf);
    expect(ws.filter((w) => w.text === '2/2').length).toBeGreaterThan(0);
    expect(ws.filter((w) => codes.includes(w.text)).map((w) => w.text)).toEqual(codes);
  });
});
