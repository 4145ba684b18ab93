import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAccount } from '../helpers/fixtures.js';
import { startInProcess, type ApiResponse, type Station } from '../helpers/station.js';
import { generic, someOrders } from '../imports/exports.js';
import { expectProblem, packageBody, party, shipmentBody, withPath, type Body } from './fixtures.js';

/**
 * Issue 30, bad characters: one rule for every string the API takes, on both engines. Control characters other than
 * tab and line break, NUL and lone surrogates are refused with 400 naming the field, before anything is written; a
 * line break only where the field is of several lines (a shipment's notes). JSON.stringify sends each of them as the
 * JSON escape (`\u0000`, `\ud800`) a client would write.
 */
const BAD: Array<[string, string]> = [
  ['NUL', '\u0000'],
  ['U+0001', '\u0001'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['a C1 control (NEL)', '\u0085'],
  ['a lone high surrogate', '\ud800'],
  ['a lone low surrogate', '\udfff'],
];
/** What a query string can carry: a URL holds no lone surrogate (its UTF-8 decodes to U+FFFD, a character). */
const BAD_IN_QUERY = BAD.filter(([, c]) => !/\p{Cs}/u.test(c));

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
/** A value with the character inside it, where trimming does not reach. */
const spoilt = (c: string, word = 'Ana Pérez') => `${word.slice(0, 3)}${c}${word.slice(3)}`;

/** The 400 of a refused field: validation_failed, the field named by its pointer, the character by its code point. */
function refusedAt(r: ApiResponse, path: string, c: string): void {
  const problem = expectProblem(r, 400, 'validation_failed');
  expect(problem.errors, r.text).toContainEqual({
    path,
    code: 'character',
    message: expect.stringContaining(codePoint(c)),
    params: { character: codePoint(c) },
  });
}

/** Every string of a create, as the errors name them. */
const CREATE_FIELDS = [
  '/ref',
  '/content',
  '/notes',
  ...['origin', 'destination'].flatMap((side) => [
    `/${side}/contact/name`,
    `/${side}/contact/phone`,
    `/${side}/contact/email`,
    `/${side}/contact/identification`,
    `/${side}/address/street`,
    `/${side}/address/city`,
    `/${side}/address/state`,
    `/${side}/address/zip`,
  ]),
];

/** A valid value of a field, to spoil: what the fixture has there. */
function valueAt(body: Body, path: string): string {
  return path
    .split('/')
    .slice(1)
    .reduce<any>((node, k) => node[k], body) as string;
}

describe('bad characters: one rule for every string the API takes (issue 30)', () => {
  let s: Station;
  let token: string;
  let shipment: Body;

  const get = (path: string) => s.request('GET', path, { token });
  const post = (path: string, body: unknown) => s.request('POST', path, { token, body });

  /** What the account has, read from outside: a refused request must leave it exactly so. */
  async function stored(): Promise<unknown> {
    const names = (r: ApiResponse, ...keys: string[]) =>
      (r.body.data as Body[]).map((x) => keys.map((k) => JSON.stringify(x[k])).join(' '));
    const shipments = await get('/shipments?size=100');
    return {
      shipments: [shipments.body.items, names(shipments, 'ref', 'content', 'notes')],
      packages: names(await get(`/shipments/${shipment.id}/packages`), 'ref'),
      shipment: (await get(`/shipments/${shipment.id}`)).body,
      webhooks: (await get('/webhooks')).body,
      senders: (await get('/senders')).body,
      presets: (await get('/presets')).body,
      // Names and ids: a token's last use is recorded as it is used.
      tokens: (await get('/tokens')).body.map((t: Body) => `${t.id} ${t.name}`),
      printers: names(await get('/printers'), 'name', 'connection'),
    };
  }

  /** Runs `refusals`, then checks that the account's data is as it was before them. */
  async function nothingStored(refusals: () => Promise<void>): Promise<void> {
    const before = await stored();
    await refusals();
    expect(await stored()).toEqual(before);
  }

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'chars', ['shipments.read', 'shipments.write', 'webhooks.write', 'tokens.write']))
      .token;
    const made = await post('/shipments', shipmentBody());
    expect(made.status, made.text).toBe(201);
    shipment = made.body;
  });
  afterAll(() => s.stop());

  describe.each(BAD)('%s', (_name, c) => {
    it('is refused in every string of a create, naming the field; nothing is stored', async () => {
      await nothingStored(async () => {
        for (const path of CREATE_FIELDS) {
          const body = shipmentBody();
          refusedAt(await post('/shipments', withPath(body, path, spoilt(c, valueAt(body, path)))), path, c);
        }
      });
    });

    it('is refused in a package, in a correction (PATCH) and in every string of a sender', async () => {
      await nothingStored(async () => {
        for (const path of ['/ref', '/content', '/notes', '/origin/contact/name', '/origin/address/zip']) {
          const body = packageBody({ notes: 'Frágil' });
          refusedAt(
            await post(`/shipments/${shipment.id}/packages`, withPath(body, path, spoilt(c, valueAt(body, path)))),
            path,
            c,
          );
        }
        for (const field of ['content', 'notes'])
          refusedAt(
            await s.request('PATCH', `/shipments/${shipment.id}`, { token, body: { [field]: spoilt(c, 'Caja M') } }),
            `/${field}`,
            c,
          );
        const sender = { label: 'Depósito Norte', ...party('Depósito Norte') };
        for (const path of ['/label', '/contact/name', '/contact/identification', '/address/street', '/address/city'])
          refusedAt(await post('/senders', withPath(sender, path, spoilt(c, valueAt(sender, path)))), path, c);
      });
    });

    it('is refused in webhooks (url, description), presets, token names and printer connections', async () => {
      await nothingStored(async () => {
        const hook = { url: 'https://erp.example.com/hook', events: ['shipment.created'], description: 'ERP' };
        // The case: a URL that ends in the character (inside: trimming takes nothing but white space).
        refusedAt(await post('/webhooks', { ...hook, url: `${hook.url}${c}` }), '/url', c);
        refusedAt(await post('/webhooks', { ...hook, description: spoilt(c, 'Our ERP') }), '/description', c);
        refusedAt(
          await post('/presets', { name: spoilt(c, 'Caja mediana'), key: 'q', length: 40, width: 30, height: 20 }),
          '/name',
          c,
        );
        refusedAt(await post('/tokens', { name: spoilt(c, 'erp'), permissions: ['shipments.read'] }), '/name', c);
        refusedAt(
          await post('/printers', { name: 'Archivo', driver: 'file', connection: spoilt(c, '/tmp/labels') }),
          '/connection',
          c,
        );
      });
    });
  });

  describe.each(BAD_IN_QUERY)('%s in a query', (_name, c) => {
    it('is refused in q, code, /offices?zip= and /scan?value=, naming the parameter', async () => {
      const v = encodeURIComponent(spoilt(c, 'X5000'));
      refusedAt(await get(`/shipments?q=${v}`), '/q', c);
      refusedAt(await get(`/shipments?q=a${encodeURIComponent(c)}b`), '/q', c);
      refusedAt(await get(`/shipments?code=${v}`), '/code', c);
      refusedAt(await get(`/offices?zip=${v}`), '/zip', c);
      refusedAt(await get(`/scan?value=${v}`), '/value', c);
    });
  });

  it('takes a tab in any string, and a line break only in notes (LF or CR LF; a lone CR is refused)', async () => {
    const made = await post(
      '/shipments',
      shipmentBody({
        ref: 'TAB\tREF',
        notes: 'Timbre 3B\nDejar en portería\r\nGracias',
        destination: withPath(party(), '/contact/name', 'Ana\tPérez'),
      }),
    );
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      ref: 'TAB\tREF',
      notes: 'Timbre 3B\nDejar en portería\r\nGracias',
      destination: { contact: { name: 'Ana\tPérez' } },
    });
    expect((await get(`/shipments/${made.body.id}`)).body.notes).toBe('Timbre 3B\nDejar en portería\r\nGracias');

    const changed = await s.request('PATCH', `/shipments/${made.body.id}`, { token, body: { notes: 'Piso 2\nB' } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.notes).toBe('Piso 2\nB');
    const pkg = await post(`/shipments/${made.body.id}/packages`, packageBody({ notes: 'Caja 1\nde 2' }));
    expect(pkg.status, pkg.text).toBe(201);

    await nothingStored(async () => {
      for (const path of ['/ref', '/content', '/destination/contact/name', '/destination/address/street'])
        for (const br of ['\n', '\r\n', '\r']) {
          const body = shipmentBody();
          refusedAt(await post('/shipments', withPath(body, path, spoilt(br, valueAt(body, path)))), path, br[0]!);
        }
      refusedAt(await post('/shipments', shipmentBody({ notes: 'Timbre\rB' })), '/notes', '\r');
      refusedAt(
        await s.request('PATCH', `/shipments/${made.body.id}`, { token, body: { content: 'Dos\nlibros' } }),
        '/content',
        '\n',
      );
      refusedAt(await post('/tokens', { name: 'erp\nprod', permissions: ['shipments.read'] }), '/name', '\n');
      refusedAt(await get(`/shipments?q=${encodeURIComponent('Ana\nPérez')}`), '/q', '\n');
    });
  });

  it('refuses an order import with a bad cell as a bad row (row, column, reason), also on a dry run', async () => {
    for (const [, c] of BAD) {
      const orders = someOrders(`CELL${codePoint(c).slice(2)}-`, 3);
      orders[1] = { ...orders[1]!, first: spoilt(c, orders[1]!.first) };
      await nothingStored(async () => {
        for (const dry_run of [true, false]) {
          const r = await post('/shipments/import', { text: generic(orders), format: 'csv', dry_run });
          // No file's bytes decode to a lone surrogate: the text sent is no file, refused before it is read.
          if (/\p{Cs}/u.test(c)) {
            refusedAt(r, '/text', c);
            continue;
          }
          expectProblem(r, 400, 'validation_failed');
          expect(r.body.detail, r.text).toBe('1 bad row; nothing was imported');
          expect(r.body.rows).toEqual([
            {
              row: 3,
              column: 'destination.contact.name',
              field: '/destination/contact/name',
              message: expect.stringContaining(codePoint(c)),
              code: 'character',
              params: { character: codePoint(c) },
            },
          ]);
        }
      });
    }
    // A line break in a cell is a bad row too, but for notes, a field of several lines.
    const orders = someOrders('CELLBR-', 2);
    orders[0] = { ...orders[0]!, note: 'Timbre 3B\nDejar en portería' };
    orders[1] = { ...orders[1]!, city: 'Villa\nCarlos Paz' };
    const refused = await post('/shipments/import', { text: generic(orders), format: 'csv', dry_run: true });
    expectProblem(refused, 400, 'validation_failed');
    expect(refused.body.rows).toEqual([
      expect.objectContaining({ row: 3, column: 'destination.address.city', code: 'character' }),
    ]);
    orders[1] = { ...orders[1], city: 'Villa Carlos Paz' };
    const imported = await post('/shipments/import', { text: generic(orders), format: 'csv' });
    expect(imported.status, imported.text).toBe(200);
    const [first] = (await get(`/shipments?q=${orders[0].ref}`)).body.data;
    expect(first.notes).toBe('Timbre 3B\nDejar en portería');
  });

  it('refuses an office directory with a bad value as a bad line; no office is added', async () => {
    const admin = (await directAccount(s, 'chars-admin', ['station.admin', 'shipments.write'])).token;
    const office = (code: string, name: string) => ({
      code,
      name,
      company: 'Correo Test',
      street: 'Belgrano 200',
      city: 'Villa Test',
      state: 'Córdoba',
      country: 'AR',
      zip: '7779',
      lat: -31.5,
      lng: -64.3,
      opening_hours: '24/7',
    });
    for (const [, c] of BAD) {
      const content = [office('CHR-1', 'Punto 1'), office('CHR-2', spoilt(c, 'Punto 2'))]
        .map((o) => JSON.stringify(o))
        .join(',\n');
      const r = await s.request('POST', '/offices/import', {
        token: admin,
        body: { format: 'json', content: `[\n${content}\n]` },
      });
      // The file is JSON: its escapes (`\u0000`, `\ud800`) are values of a row, refused there like any bad cell.
      expectProblem(r, 400, 'validation_failed');
      expect(r.body.rows, r.text).toEqual([
        {
          line: 3,
          errors: [
            { path: '/name', code: 'character', message: expect.any(String), params: { character: codePoint(c) } },
          ],
        },
      ]);
      expect((await s.request('GET', '/offices?zip=7779', { token: admin })).body.items).toBe(0);
    }
  });

  it('takes internationalized e-mail addresses (RFC 6531) in a create and in one row of an order export', async () => {
    const made = await post(
      '/shipments',
      shipmentBody({ destination: withPath(party(), '/contact/email', 'julián@correo.ejemplo.com.ar') }),
    );
    expect(made.status, made.text).toBe(201);
    expect(made.body.destination.contact.email).toBe('julián@correo.ejemplo.com.ar');
    const idn = await post(
      '/shipments',
      shipmentBody({ destination: withPath(party(), '/contact/email', 'josé@españa.example') }),
    );
    expect(idn.status, idn.text).toBe(201);
    // Still an address: one without its domain, or with a space, is refused as before.
    for (const email of ['julián@', 'julián pérez@example.com', 'julián@example'])
      expect(
        (await post('/shipments', shipmentBody({ destination: withPath(party(), '/contact/email', email) }))).body
          .errors,
      ).toEqual([
        {
          path: '/destination/contact/email',
          code: 'format',
          message: 'must be an e-mail address',
          params: { format: 'email' },
        },
      ]);

    const orders = someOrders('IDN-', 3);
    orders[1] = { ...orders[1]!, email: 'julián@example.com' };
    const r = await post('/shipments/import', { text: generic(orders), format: 'csv' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.created).toHaveLength(3);
    const [second] = (await get(`/shipments?q=${orders[1].ref}`)).body.data;
    expect(second.destination.contact.email).toBe('julián@example.com');

    const doc = (await get('/openapi.json')).body;
    expect(doc.components.schemas.Contact.properties.email.format).toBe('idn-email');
  });

  // 200 searches, each a round trip to the store: seconds alone, a minute on a loaded two-core machine.
  it('keeps every word of a search out of the query language: q never answers 500 (property, fast-check)', async () => {
    for (const q of [
      '"',
      '""',
      'a"b',
      '*',
      'a*',
      'NEAR(a b)',
      'a OR b',
      'NOT a',
      '-a',
      '^a',
      'ident:a',
      '{a}',
      "'",
      '\\',
    ])
      expect((await get(`/shipments?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    expectProblem(await get('/shipments?q=a%00b'), 400, 'validation_failed');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.string({
            unit: fc.constantFrom('"', "'", '*', '^', ':', '(', ')', '-', '+', ' ', 'a', 'ñ', '\\', '\u0000', '%'),
            maxLength: 12,
          }),
          fc.string({ unit: 'grapheme', maxLength: 20 }),
        ),
        async (q) => {
          // As a client sends it: UTF-8, which holds no lone surrogate (it becomes U+FFFD).
          const sent = Buffer.from(q).toString();
          const r = await get(`/shipments?q=${encodeURIComponent(sent)}`);
          const bad = /(?!\t)\p{Cc}/u.test(sent.trim());
          expect(r.status, `${JSON.stringify(sent)}: ${r.text}`).toBe(bad ? 400 : 200);
          if (bad) expect(r.body.errors[0]).toMatchObject({ path: '/q', code: 'character' });
        },
      ),
      { seed: 20261129, numRuns: 200 },
    );
  }, 120_000);
});
