import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { accountWithToken, createShipment, download } from './fixtures.js';
import { decode, renderPages, scratch } from './tools.js';

const MINUTE = 60_000;
const seconds = (iso: string) => Date.parse(iso) / 1000;

/**
 * Contract (Labels and QR): a shipment's QR token is fixed when its first label is made, and `/labels/qr` and every
 * printed, downloaded or previewed copy carry that token until the key that signed it is retired.
 */
describe('the QR token of a label is fixed when the label is first made', () => {
  const clock = fixedClock('2026-11-21T10:00:00Z');
  const tmp = scratch();
  const folder = mkdtempSync(join(tmpdir(), 'printed-'));
  let s: Station;
  let token: string;

  beforeAll(async () => {
    s = await startInProcess({ clock });
    ({ token } = await accountWithToken(s, 'acme', ALL_PERMISSIONS));
    const printer = await s.request('POST', '/printers', {
      token,
      body: { name: 'files', driver: 'file', connection: folder },
    });
    expect(printer.status, printer.text).toBe(201);
  });
  afterAll(async () => {
    await s.stop();
    tmp.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  const qrOf = async (code: string) => {
    const r = await s.request('GET', `/labels/qr?code=${code}`, { token });
    expect(r.status, r.text).toBe(200);
    return r.body.qr as string;
  };

  /** The QR tokens zbarimg reads off every page of a PDF. */
  async function scanned(pdf: Uint8Array, name: string): Promise<string[]> {
    const pages = await renderPages(tmp.file(`${name}.pdf`, pdf), 200);
    return (await Promise.all(pages.map(async (p) => (await decode(p)).qr))).flat();
  }

  async function downloaded(query: string, name: string): Promise<string[]> {
    const r = await s.request('GET', `/labels?${query}`, { token });
    expect(r.status, r.text).toBe(200);
    return scanned((await download(r.body.url)).bytes, name);
  }

  async function previewed(code: string): Promise<string[]> {
    const r = await s.request('GET', `/labels/preview?code=${code}`, { token });
    expect(r.status, r.text).toBe(200);
    const png = tmp.file(`preview-${code}.png`, Buffer.from(r.body.image.split(',')[1], 'base64'));
    return (await decode(png)).qr;
  }

  /** Prints through the queue to a `file` printer and scans the PDF it wrote. */
  async function printed(code: string): Promise<string[]> {
    const before = new Set(readdirSync(folder));
    const job = await s.request('POST', '/print-jobs', { token, body: { codes: [code], printer: 'files' } });
    expect(job.status, job.text).toBe(202);
    let state = job.body.state as string;
    for (let i = 0; i < 50 && state !== 'done'; i++) {
      const r = await s.request('GET', `/print-jobs/${job.body.id}?wait_ms=2000&seen_state=${state}`, { token });
      state = r.body.state;
      expect(state).not.toMatch(/failed|canceled|unconfirmed/);
    }
    const [file] = readdirSync(folder).filter((f) => !before.has(f));
    return scanned(readFileSync(join(folder, file!)), `printed-${code}`);
  }

  it('a printed, downloaded and previewed copy decode to /labels/qr, also a minute later, with iat the first label', async () => {
    const sh = await createShipment(s, token);
    const [first] = await downloaded(`code=${sh.code}`, 'first');
    expect(first).toBeDefined();
    expect(await qrOf(sh.code)).toBe(first);
    expect(decodeJwt(first!)).toMatchObject({ code: sh.code, iat: seconds('2026-11-21T10:00:00Z') });

    clock.advance(MINUTE);
    expect(await qrOf(sh.code)).toBe(first);
    // Another document (A4 this time, so that nothing is reused), a preview and a print all carry the same token.
    expect(await downloaded(`code=${sh.code}&printer=PDF_A4`, 'again')).toEqual([first]);
    expect(await previewed(sh.code)).toEqual([first]);
    expect(await printed(sh.code)).toEqual([first]);
    clock.advance(MINUTE);
    expect(await qrOf(sh.code)).toBe(first);
  });

  it('a QR asked for before any label is the one the label then prints', async () => {
    const sh = await createShipment(s, token);
    const asked = await qrOf(sh.code);
    const at = decodeJwt(asked).iat;
    clock.advance(MINUTE);
    expect(await downloaded(`code=${sh.code}`, 'after-qr')).toEqual([asked]);
    expect(await qrOf(sh.code)).toBe(asked);
    expect(decodeJwt(asked).iat).toBe(at);
  });

  it('each shipment of one document keeps its own token, the same in later documents', async () => {
    const a = await createShipment(s, token);
    const b = await createShipment(s, token);
    const both = await downloaded(`code=${a.code},${b.code}`, 'two');
    expect(both).toHaveLength(2);
    clock.advance(MINUTE);
    expect([...both].sort()).toEqual([await qrOf(a.code), await qrOf(b.code)].sort());
    expect(await downloaded(`code=${b.code}`, 'b-alone')).toEqual([await qrOf(b.code)]);
  });

  it('survives a key rotation, and is made anew at the next label once the key that signed it is retired', async () => {
    const sh = await createShipment(s, token);
    const [old] = await downloaded(`code=${sh.code}`, 'before-rotation');
    const oldKid = decodeProtectedHeader(old!).kid!;

    await s.services!.keys.rotate();
    clock.advance(MINUTE);
    expect(await qrOf(sh.code)).toBe(old);
    expect(await previewed(sh.code)).toEqual([old]);

    await s.services!.keys.retire(oldKid);
    clock.advance(MINUTE);
    const [renewed] = await downloaded(`code=${sh.code}&printer=PDF_A4`, 'after-retire');
    expect(renewed).not.toBe(old);
    expect(decodeProtectedHeader(renewed!).kid).not.toBe(oldKid);
    expect(decodeJwt(renewed!).iat).toBe(clock.now().getTime() / 1000);
    expect((await s.services!.qr.verify(renewed!)).code).toBe(sh.code);
    clock.advance(MINUTE);
    expect(await qrOf(sh.code)).toBe(renewed);
    expect(await printed(sh.code)).toEqual([renewed]);
  });
});
