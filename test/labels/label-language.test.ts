import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { accountWithToken, createShipment, download } from './fixtures.js';
import { scratch, words } from './tools.js';

/**
 * Issue 17: the data was Argentine and the label English (TO / FROM / WEIGHT). The station prints in the language of
 * its rate card's origin country unless told otherwise (`language` of PUT /station/settings).
 */
describe('the printed label speaks the station’s language', () => {
  const tmp = scratch();
  let s: Station;
  let token: string;

  beforeAll(async () => {
    s = await startInProcess();
    ({ token } = await accountWithToken(s, 'acme', ALL_PERMISSIONS));
  });
  afterAll(async () => {
    await s.stop();
    tmp.remove();
  });

  const labelWords = async (code: string, name: string) => {
    const r = await s.request('GET', `/labels?code=${code}`, { token });
    expect(r.status, r.text).toBe(200);
    return (await words(tmp.file(name, (await download(r.body.url)).bytes))).map((w) => w.text).join(' ');
  };

  it('in Spanish by default for a station leaving from Argentina, in English when set, and back', async () => {
    expect((await s.request('GET', '/station/settings', { token })).body).toMatchObject({
      language: 'es',
      language_chosen: false,
    });
    const sh = await createShipment(s, token, { method: 'STANDARD', type: 'DELIVERY' });
    const es = await labelWords(sh.code, 'es.pdf');
    for (const w of ['DESTINATARIO', 'REMITENTE', 'PESO', 'REFERENCIA', '1,5', 'ESTÁNDAR', 'ENTREGA'])
      expect(es).toContain(w);
    for (const w of ['FROM', 'WEIGHT', 'STANDARD', 'DELIVERY']) expect(es).not.toContain(w);

    const put = await s.request('PUT', '/station/settings', { token, body: { language: 'en' } });
    expect(put.body).toMatchObject({ language: 'en', language_chosen: true });
    // The same shipment's label made again, not the Spanish document of a moment ago.
    const en = await labelWords(sh.code, 'en.pdf');
    for (const w of ['TO', 'FROM', 'WEIGHT', '1.5', 'STANDARD', 'DELIVERY']) expect(en).toContain(w);

    const bad = await s.request('PUT', '/station/settings', { token, body: { language: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('/language');
    await s.request('PUT', '/station/settings', { token, body: { language: null } });
    expect(await labelWords(sh.code, 'again.pdf')).toContain('DESTINATARIO');
  });
});
