import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type Station } from '../helpers/station.js';
import { decodeZpl, readSymbols } from './decode.js';
import { SINK_PORTS, startSink, type Sink } from './sink.js';

/**
 * A new folder outside those a file printer may use (the station's printouts, the temporary folder): under the
 * checkout's test-results, or the user's home when the checkout itself is under the temporary folder.
 */
function outsideTheAllowedFolders(): string {
  const tmp = realpathSync(tmpdir());
  for (const base of [join(process.cwd(), 'test-results'), homedir()]) {
    try {
      mkdirSync(base, { recursive: true });
      const dir = mkdtempSync(join(base, '.station-escape-'));
      if (relative(tmp, realpathSync(dir)).startsWith('..')) return dir;
      rmSync(dir, { recursive: true });
    } catch {
      // Not writable here: the next place.
    }
  }
  throw new Error(
    `no writable folder outside ${tmp} for this test: run it from a checkout outside the temporary folder`,
  );
}

describe('printers and print jobs over HTTP', () => {
  let s: Station;
  let sink: Sink;
  let writer: string;
  let reader: string;
  let stranger: string;
  beforeAll(async () => {
    // The sinks listen on random free ports: the owner widens the printer ports for them.
    s = await startInProcess({ env: { STATION_PRINTER_PORTS: SINK_PORTS } });
    sink = await startSink('zpl');
    const acme = await s.account('acme');
    writer = await s.token(acme, ['shipments.read', 'shipments.write']);
    reader = await s.token(acme, ['shipments.read']);
    stranger = await s.token(await s.account('other'), ['shipments.read', 'shipments.write']);
  });
  afterAll(async () => {
    await s?.stop();
    await sink?.stop();
  });

  it('refuses to write through a file printer whose folder was swapped for a symlink out of the allowed ones', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'labels-'));
    const elsewhere = outsideTheAllowedFolders();
    try {
      expect(
        (
          await s.request('POST', '/printers', {
            token: writer,
            body: { name: 'files', driver: 'file', connection: folder },
          })
        ).status,
      ).toBe(201);
      expect((await s.request('POST', '/printers/files/test', { token: writer })).body).toMatchObject({
        accepted: true,
      });
      expect(readdirSync(folder)).toHaveLength(1);

      rmSync(folder, { recursive: true });
      symlinkSync(elsewhere, folder);
      const refused = await s.request('POST', '/printers/files/test', { token: writer });
      expect(refused.body).toMatchObject({
        accepted: false,
        error: expect.stringContaining(`now resolves to ${realpathSync(elsewhere)}`),
      });
      expect(readdirSync(elsewhere)).toEqual([]);
      // Configured again, the folder is checked again: it is not one a printer may write to.
      const again = await s.request('PUT', '/printers/files', {
        token: writer,
        body: { driver: 'file', connection: folder },
      });
      expect(again.status).toBe(400);
      expect(again.body.errors[0].path).toBe('/connection');
    } finally {
      await s.request('DELETE', '/printers/files', { token: writer });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("writes printouts 0600 in a folder it makes 0700, and never into the station's own data or keys (issue 18)", async () => {
    const base = mkdtempSync(join(tmpdir(), 'labels-'));
    const folder = join(base, 'new', 'desk-1');
    try {
      const made = await s.request('POST', '/printers', {
        token: writer,
        body: { name: 'private', driver: 'file', connection: folder },
      });
      expect(made.status, made.text).toBe(201);
      expect((await s.request('POST', '/printers/private/test', { token: writer })).body).toMatchObject({
        accepted: true,
      });
      const [printout] = readdirSync(folder);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(join(folder, printout!)).mode & 0o777).toBe(0o600);
    } finally {
      await s.request('DELETE', '/printers/private', { token: writer });
      rmSync(base, { recursive: true, force: true });
    }
    for (const inside of [s.dataDir, join(s.dataDir, 'keys'), join(s.dataDir, 'backups', 'x')]) {
      const r = await s.request('POST', '/printers', {
        token: writer,
        body: { name: 'sneaky', driver: 'file', connection: inside },
      });
      expect(r.status, inside).toBe(400);
      expect(r.body.errors[0]).toMatchObject({
        path: '/connection',
        message: expect.stringContaining("is inside the station's own data folder"),
      });
      // Not even the owner, at the station.
      const owner = await s.cli([
        'printers',
        'add',
        'sneaky',
        '--driver',
        'file',
        '--connection',
        inside,
        '--account',
        'acme',
      ]);
      expect(owner.code).not.toBe(0);
      expect(owner.stderr).toContain("is inside the station's own data folder");
    }
    const printouts = await s.request('POST', '/printers', {
      token: writer,
      body: { name: 'ours', driver: 'file', connection: join(s.dataDir, 'printouts', 'desk') },
    });
    expect(printouts.status, printouts.text).toBe(201);
    await s.request('DELETE', '/printers/ours', { token: writer });
  });

  it('configures, reads, replaces and removes a printer; another account sees none of it', async () => {
    const body = {
      name: 'desk',
      driver: 'zpl',
      connection: sink.url,
      settings: { darkness: 18, speed: 4 },
      default_for: 'PDF_A7',
    };
    const created = await s.request('POST', '/printers', { token: writer, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(body);
    expect(
      (await s.request('GET', '/printers', { token: reader })).body.data.map((p: { name: string }) => p.name),
    ).toEqual(['desk']);
    const put = await s.request('PUT', '/printers/desk', {
      token: writer,
      body: { driver: 'zpl', connection: sink.url, settings: { darkness: 25 }, default_for: 'PDF_A7' },
    });
    expect(put.body.settings).toEqual({ darkness: 25 });
    expect((await s.request('GET', '/printers/desk', { token: stranger })).status).toBe(404);
    expect((await s.request('GET', '/printers', { token: stranger })).body.data).toEqual([]);
    expect((await s.request('POST', '/printers/desk/test', { token: stranger })).status).toBe(404);
    expect((await s.request('POST', '/printers', { token: reader, body })).status).toBe(403);

    await s.request('POST', '/printers', {
      token: writer,
      body: { name: 'spare', driver: 'file', connection: mkdtempSync(join(tmpdir(), 'labels-')) },
    });
    expect((await s.request('DELETE', '/printers/spare', { token: writer })).body).toEqual({ deleted: true });
    expect((await s.request('GET', '/printers/spare', { token: writer })).status).toBe(404);
  });

  it.each([
    [{ name: 'a', driver: 'zpl', connection: 'http://x:9100' }, '/connection', /scheme http is not supported/],
    [{ name: 'a', driver: 'escpos', connection: 'tcp://printer' }, '/connection', /tcp:\/\/HOST:PORT/],
    [{ name: 'a', driver: 'tspl', connection: 'lp0' }, '/connection', /absolute device path/],
    [{ name: 'a', driver: 'file', connection: 'labels' }, '/connection', /absolute path of a folder/],
    // A token may not make the station write wherever it likes: only inside the folders the operator allows.
    [
      { name: 'a', driver: 'file', connection: '/etc/cron.d' },
      '/connection',
      /inside one of the folders the operator allows/,
    ],
    [{ name: 'a', driver: 'file', connection: `${tmpdir()}/../etc` }, '/connection', /inside one of the folders/],
    [{ name: 'a', driver: 'system', connection: 'Front Desk' }, '/connection', /queue name/],
    [
      { name: 'a', driver: 'zpl', connection: 'tcp://h:9100', default_for: 'PDF_A4' },
      '/default_for',
      /prints PDF_A7 only/,
    ],
    [
      { name: 'a', driver: 'zpl', connection: 'tcp://h:9100', settings: { native: true } },
      '/settings/native',
      /does not apply/,
    ],
    [{ name: 'a', driver: 'zpl', connection: 'tcp://h:9100', settings: { darkness: 31 } }, '/settings/darkness', /30/],
    [{ name: 'a/b', driver: 'zpl', connection: 'tcp://h:9100' }, '/name', /letters, digits/],
    [{ name: '-Mesa', driver: 'zpl', connection: 'tcp://h:9100' }, '/name', /starting with a letter/],
    [{ name: 'a', driver: 'lpt', connection: 'tcp://h:9100' }, '/driver', /escpos/],
    [{ name: 'desk', driver: 'zpl', connection: 'tcp://h:9100' }, '/name', /already used/],
  ])('refuses %j with a 400 naming the field', async (body, path, message) => {
    const r = await s.request('POST', '/printers', { token: writer, body });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe(path);
    expect(r.body.errors[0].message).toMatch(message);
  });

  it('prints a test page whose barcodes read back, and reads the printer status', async () => {
    const r = await s.request('POST', '/printers/desk/test', { token: writer });
    expect(r.body).toEqual({ accepted: true, error: null });
    expect(await readSymbols(decodeZpl(sink.jobs.at(-1)!))).toContain('CODE-128:desk');
    expect((await s.request('GET', '/printers/desk/status', { token: reader })).body).toEqual({
      online: true,
      paper_out: false,
      head_open: false,
      detail: null,
    });
  });

  it('takes a name as an operator says it, accents and spaces too, and prints through it', async () => {
    const name = 'Térmica Mesa 1';
    const made = await s.request('POST', '/printers', {
      token: writer,
      body: { name, driver: 'zpl', connection: sink.url },
    });
    expect(made.status, made.text).toBe(201);
    const path = `/printers/${encodeURIComponent(name)}`;
    expect((await s.request('GET', path, { token: reader })).body.name).toBe(name);
    expect((await s.request('POST', `${path}/test`, { token: writer })).body).toEqual({ accepted: true, error: null });
    expect((await s.request('DELETE', path, { token: writer })).status).toBe(200);
  });

  it('a printer that is off: the test page is not accepted, the status says offline', async () => {
    const off = await startSink('zpl');
    await off.stop();
    await s.request('POST', '/printers', { token: writer, body: { name: 'off', driver: 'zpl', connection: off.url } });
    expect((await s.request('POST', '/printers/off/test', { token: writer })).body).toMatchObject({
      accepted: false,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect((await s.request('GET', '/printers/off/status', { token: writer })).body).toMatchObject({
      online: false,
      paper_out: null,
    });
  });

  it('lists discovered OS printers (an empty list without CUPS)', async () => {
    const r = await s.request('GET', '/printers/discover', { token: reader });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.data)).toBe(true);
  });

  it('print jobs: bad input is a 400, unknown things a 404, and the list is a page', async () => {
    expect((await s.request('POST', '/print-jobs', { token: writer, body: { codes: [] } })).body.errors[0].path).toBe(
      '/codes',
    );
    expect(
      (await s.request('POST', '/print-jobs', { token: writer, body: { codes: ['AB'], format: 'PDF_A5' } })).body
        .errors[0].path,
    ).toBe('/format');
    expect((await s.request('POST', '/print-jobs', { token: writer, body: { codes: ['AB', 'AB'] } })).status).toBe(400);
    expect((await s.request('POST', '/print-jobs', { token: writer, body: { codes: ['NOPE234567'] } })).status).toBe(
      404,
    );
    expect(
      (await s.request('POST', '/print-jobs', { token: writer, body: { codes: ['NOPE234567'], printer: 'ghost' } }))
        .status,
    ).toBe(404);
    expect(
      (await s.request('POST', '/print-jobs', { token: stranger, body: { codes: ['NOPE234567'] } })).body.errors[0]
        .path,
    ).toBe('/printer');
    expect((await s.request('POST', '/print-jobs', { token: reader, body: { codes: ['AB'] } })).status).toBe(403);
    expect((await s.request('GET', '/print-jobs/abc', { token: reader })).status).toBe(400);
    expect((await s.request('GET', '/print-jobs/999', { token: reader })).status).toBe(404);
    expect((await s.request('POST', '/print-jobs/999/retry', { token: writer })).status).toBe(404);
    expect((await s.request('GET', '/print-jobs?state=lost', { token: reader })).status).toBe(400);
    expect((await s.request('GET', '/print-jobs', { token: reader })).body).toEqual({
      data: [],
      pages: 0,
      items: 0,
      last: true,
    });
  });

  it('documents the printing endpoints in OpenAPI', async () => {
    const paths = Object.keys((await s.request('GET', '/openapi.json')).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/printers/{name}/test', '/print-jobs/{id}/retry', '/printers/discover']),
    );
  });
});
