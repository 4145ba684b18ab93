import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAccount } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import {
  encode,
  generic,
  mercadolibre,
  someOrders,
  tiendanube,
  vtex,
  woocommerce,
  type Encoding,
  type Order,
} from './exports.js';

const RW = ['shipments.read', 'shipments.write'];
const PLATFORMS: Array<[string, (o: Order[]) => string, string, string]> = [
  ['Tiendanube', tiendanube, 'tiendanube', 'TNB'],
  ['WooCommerce', woocommerce, 'woocommerce', 'WOO'],
  ['Mercado Libre', mercadolibre, 'mercadolibre', 'MLI'],
  ['VTEX', vtex, 'vtex', 'VTX'],
];

describe('POST /shipments/import: orders from the four platforms and a generic CSV', () => {
  let s: Station;
  let token: string;
  let seq = 0;
  const post = (body: Record<string, unknown>, t = token) => s.request('POST', '/shipments/import', { token: t, body });
  const file = (text: string, encoding: Encoding, bom = false) => encode(text, encoding, bom).toString('base64');
  const byRef = async (ref: string) =>
    (await s.request('GET', `/shipments?q=${encodeURIComponent(ref)}`, { token })).body.data.filter(
      (x: { ref: string }) => x.ref === ref,
    );

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'tienda', RW)).token;
    const preset = await s.request('POST', '/presets', {
      token,
      body: { name: 'Caja mediana', key: 'm', length: 40, width: 30, height: 20, weight: 1.2 },
    });
    expect(preset.status).toBe(201);
  });
  afterAll(() => s.stop());

  for (const [title, make, mapping, platform] of PLATFORMS)
    for (const encoding of ['utf-8', 'windows-1252'] as const)
      it(`imports a ${title} export in ${encoding}, guessing the platform from its headers; again, it creates nothing`, async () => {
        const prefix = `${platform}${encoding === 'utf-8' ? 'U' : 'W'}${++seq}-`;
        const orders = someOrders(prefix);
        const body = { text: file(make(orders), encoding), encoding: 'base64', format: 'csv', preset: 'm' };
        const r = await post(body);
        expect(r.status, r.text).toBe(200);
        expect(r.body.mapping).toMatchObject({ name: mapping, platform });
        expect(r.body.orders).toBe(3);
        expect(r.body.created.map((c: { ref: string }) => c.ref)).toEqual(orders.map((o) => o.ref));
        expect(r.body.skipped).toEqual([]);

        const [first] = await byRef(orders[0]!.ref);
        expect(first).toMatchObject({
          platform,
          status: 'TO_COLLECT',
          labelled_at: null,
          origin: { contact: { name: 'Depósito Córdoba' } },
          destination: {
            contact: { name: 'María José Peñalba' },
            address: { city: 'Córdoba', state: 'Córdoba', zip: 'X5000', country: 'AR' },
          },
          dimensions: { length: 40, width: 30, height: 20, weight: 1.2 },
        });
        expect(first.destination.address.street).toMatch(/^Avenida Colón 1234/);
        // The rows of one order (a product each) are one shipment, its products the contents.
        expect(first.content).toContain('2 × Remera estampada “Ñandú”');
        expect(first.content).toContain('Taza');
        // Mercado Libre's report has no phone; the others' local numbers are brought to E.164.
        if (platform !== 'MLI') expect(first.destination.contact.phone).toBe('+5493511234567');
        const [second] = await byRef(orders[1]!.ref);
        expect(second.destination.address.state).toBe('Ciudad Autónoma de Buenos Aires');
        if (platform !== 'MLI') expect(second.destination.contact.phone).toBe('+541145678901');

        const again = await post(body);
        expect(again.status).toBe(200);
        expect(again.body.created).toEqual([]);
        expect(again.body.skipped.map((x: { ref: string; code: string }) => [x.ref, x.code])).toEqual(
          await Promise.all(orders.map(async (o) => [o.ref, (await byRef(o.ref))[0].code])),
        );
      });

  it('imports a generic CSV (`;`, a BOM) whose headers are field paths, its parcels from the file', async () => {
    const orders = someOrders('GEN-', 2);
    const r = await post({ text: file(generic(orders, ';'), 'utf-8', true), encoding: 'base64', format: 'csv' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.mapping.name).toBe('generic');
    const [one] = await byRef('GEN-1001');
    expect(one).toMatchObject({ platform: null, dimensions: { length: 30, width: 20, height: 10, weight: 1.5 } });
  });

  it('imports JSON shipments, and sets the platform asked for', async () => {
    const text = JSON.stringify([
      {
        ref: 'JSON-1',
        destination: {
          contact: { name: 'Lucía Gómez', phone: '351 4223344' },
          address: { street: 'San Martín 10', city: 'Córdoba', state: 'cordoba', zip: '5000', country: 'Argentina' },
        },
        dimensions: { length: 10, width: 10, height: 10, weight: 0.5 },
      },
    ]);
    const r = await post({ text, format: 'json', platform: 'WOO' });
    expect(r.status, r.text).toBe(200);
    const [one] = await byRef('JSON-1');
    expect(one).toMatchObject({
      platform: 'WOO',
      destination: { contact: { phone: '+543514223344' }, address: { state: 'Córdoba', country: 'AR' } },
    });
  });

  it('a dry run answers what it would create, with a preview, and writes nothing', async () => {
    const orders = someOrders('DRY-', 2);
    const r = await post({ text: tiendanube(orders), format: 'csv', preset: 'm', dry_run: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ dry_run: true, orders: 2, skipped: [] });
    expect(r.body.created).toEqual([
      { row: 2, ref: 'DRY-1001' },
      { row: 4, ref: 'DRY-1002' },
    ]);
    expect(r.body.preview[0]).toMatchObject({
      ref: 'DRY-1001',
      platform: 'TNB',
      destination: { contact: { name: 'María José Peñalba' } },
    });
    expect(await byRef('DRY-1001')).toEqual([]);
  });

  it('any bad row imports nothing, and each is named by row and column with its reason', async () => {
    const orders = someOrders('BAD-', 3);
    orders[1] = { ...orders[1]!, zip: '' };
    orders[2] = { ...orders[2]!, phone: 'llamar al portero' };
    for (const dry_run of [false, true]) {
      const r = await post({ text: tiendanube(orders), format: 'csv', preset: 'm', dry_run });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation_failed');
      expect(r.body.detail).toBe('2 bad rows; nothing was imported');
      expect(r.body.rows).toEqual([
        {
          row: 4,
          column: 'Código postal',
          field: '/destination/address/zip',
          message: 'is required',
          code: 'required',
        },
        {
          row: 5,
          column: 'Teléfono para el envío',
          field: '/destination/contact/phone',
          message: '"llamar al portero" is not a phone number',
          code: 'format',
          params: { format: 'phone' },
        },
      ]);
      expect(r.body.errors[0]).toEqual({ path: 'row 4: Código postal', message: 'is required', code: 'required' });
    }
    for (const o of orders) expect(await byRef(o.ref)).toEqual([]);
  });

  it('refuses without a preset when the file gives no parcel, and an unknown preset or mapping, naming the field', async () => {
    const text = vtex(someOrders('NOBOX-', 1));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ text, format: 'csv' }, '/preset'],
      [{ text, format: 'csv', preset: 'z' }, '/preset'],
      [{ text, format: 'csv', preset: 'm', mapping: 'nope' }, '/mapping'],
      [{ text: 'a,b\n1,2\n', format: 'csv', preset: 'm' }, '/text'],
      [{ text: 'not json', format: 'json', preset: 'm' }, '/text'],
      [{ text: '@@@', encoding: 'base64', format: 'csv', preset: 'm' }, '/text'],
      [{ text: `[${'{"a":'.repeat(20)}1${'}'.repeat(20)}]`, format: 'json', preset: 'm' }, '/text'],
      [{ text: `[{"ref":${'['.repeat(200000)}${']'.repeat(200000)}}]`, format: 'json', preset: 'm' }, '/text/0'],
    ];
    for (const [body, path] of cases) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const unknown = await post({ text: 'a,b\n1,2\n', format: 'csv', preset: 'm' });
    expect(unknown.body.columns).toEqual(['a', 'b']);
  });

  it('a saved mapping (columns → fields) is reused by name', async () => {
    const save = await s.request('PUT', '/import-mappings/Planilla del local', {
      token,
      body: {
        platform: 'TNB',
        decimal_comma: true,
        fields: {
          ref: 'Pedido',
          'destination.contact.name': ['Nombre', 'Apellido'],
          'destination.address.street': 'Domicilio',
          'destination.address.city': 'Localidad',
          'destination.address.state': 'Provincia',
          'destination.address.zip': 'CP',
          'dimensions.weight': 'Peso',
        },
        defaults: { 'destination.address.country': 'AR' },
      },
    });
    expect(save.status, save.text).toBe(200);
    const list = await s.request('GET', '/import-mappings', { token });
    expect(list.body.data.map((m: { name: string }) => m.name)).toEqual(['Planilla del local']);
    expect(list.body.builtin.map((m: { name: string }) => m.name)).toContain('tiendanube');

    const text =
      'Pedido;Nombre;Apellido;Domicilio;Localidad;Provincia;CP;Peso\nP-77;Sofía;Ibarra;Rivadavia 100;Mendoza;Mendoza;5500;2,75\n';
    const r = await post({ text, format: 'csv', mapping: 'Planilla del local', preset: 'm' });
    expect(r.status, r.text).toBe(200);
    const [one] = await byRef('P-77');
    expect(one).toMatchObject({
      platform: 'TNB',
      destination: { contact: { name: 'Sofía Ibarra' } },
      dimensions: { length: 40, weight: 2.75 },
    });
    const missing = await post({
      text: 'Pedido;Nombre\nP-78;X\n',
      format: 'csv',
      mapping: 'Planilla del local',
      preset: 'm',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/Apellido/);
    expect((await s.request('PUT', '/import-mappings/vtex', { token, body: { fields: { ref: 'x' } } })).status).toBe(
      400,
    );
    expect((await s.request('DELETE', '/import-mappings/Planilla del local', { token })).status).toBe(200);
    expect((await s.request('DELETE', '/import-mappings/Planilla del local', { token })).status).toBe(404);
  });

  it('follows an import by the id its caller chose, and takes a file larger than the usual 1 MiB body', async () => {
    const orders = someOrders('BIG-', 2600);
    const text = tiendanube(orders);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024);
    const r = await post({ text, format: 'csv', preset: 'm', import_id: 'desk-import-0001' });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.body.created).toHaveLength(2600);
    const p = await s.request('GET', '/imports/desk-import-0001', { token });
    expect(p.body).toEqual({
      import_id: 'desk-import-0001',
      phase: 'done',
      orders: 2600,
      checked: 2600,
      created: 2600,
      skipped: 0,
      errors: 0,
    });
    const rival = (await directAccount(s, 'otra', RW)).token;
    expect((await s.request('GET', '/imports/desk-import-0001', { token: rival })).status).toBe(404);
    // 2,600 creates in one transaction: on PostgreSQL each is a round trip or two to the database, some 10 s on a
    // quiet machine and past the usual 30 s on a loaded one.
  }, 120_000);

  it('needs shipments.write', async () => {
    const reader = (await directAccount(s, 'lector', ['shipments.read'])).token;
    const r = await post({ text: 'x', format: 'csv' }, reader);
    expect(r.status).toBe(403);
  });
});
