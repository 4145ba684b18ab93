import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { decodeEscpos, decodeTspl, decodeZpl, readSymbols } from './decode.js';
import { SINK_PORTS, startSink, type Sink } from './sink.js';

/** Real labels (core/features/labels) through the queue, the HTTP API and the `station print` command, to real sockets. */
describe('printing real labels', () => {
  let s: Station;
  let zpl: Sink;
  let escpos: Sink;
  let token: string;
  let account: number;
  const shipment = async () =>
    (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body.code as string;
  /** What a label must carry: its code as Code 128 and a QR with the signed token of that code. */
  const symbolsOf = async (code: string, raster: Parameters<typeof readSymbols>[0]) => {
    const symbols = await readSymbols(raster);
    const qr = symbols.find((x) => x.startsWith('QR-Code:'))?.slice(8) ?? '';
    const payload = JSON.parse(Buffer.from(qr.split('.')[1] ?? '', 'base64url').toString() || '{}');
    return {
      barcode: symbols.find((x) => x.startsWith('CODE-128:')),
      qr: { code: payload.code, acc: payload.acc, signed: qr.split('.').length === 3 },
    };
  };
  const expected = (code: string) => ({ barcode: `CODE-128:${code}`, qr: { code, acc: account, signed: true } });
  const waitDone = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const job = (await s.request('GET', `/print-jobs/${id}`, { token })).body;
      if (['done', 'failed', 'canceled'].includes(job.state)) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`print job ${id} did not end`);
  };

  beforeAll(async () => {
    // The sinks listen on random free ports: the owner widens the printer ports for them.
    s = await startInProcess({ env: { STATION_PRINTER_PORTS: SINK_PORTS } });
    zpl = await startSink('zpl');
    escpos = await startSink('escpos');
    account = await s.account('acme');
    token = await s.token(account, ['shipments.read', 'shipments.write']);
    await s.request('POST', '/printers', {
      token,
      body: { name: 'zebra', driver: 'zpl', connection: zpl.url, default_for: 'PDF_A7' },
    });
  });
  afterAll(async () => {
    await s?.stop();
    await zpl?.stop();
    await escpos?.stop();
  });

  it('POST /print-jobs: 202, then done with progress n of N; each label reads back as its code and signed QR', async () => {
    const codes = [await shipment(), await shipment()];
    const r = await s.request('POST', '/print-jobs', { token, body: { codes } });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({
      codes,
      printer: 'zebra',
      driver: 'zpl',
      format: 'PDF_A7',
      progress: { done: 0, total: 2 },
    });
    expect(await waitDone(r.body.id)).toMatchObject({
      state: 'done',
      attempts: 1,
      last_error: null,
      progress: { done: 2, total: 2 },
    });
    for (const [i, code] of codes.entries())
      expect(await symbolsOf(code, decodeZpl(zpl.jobs[i]!))).toEqual(expected(code));
    expect((await s.request('GET', `/shipments/${codes[0]}`, { token })).body.labelled_at).not.toBeNull();

    const again = await s.request('POST', '/print-jobs', { token, body: { codes: [codes[0]] } });
    expect(again.status).toBe(409);
    const reprint = await s.request('POST', '/print-jobs', { token, body: { codes: [codes[0]], reprint: true } });
    expect(reprint.status).toBe(202);
    expect(reprint.body.reprint).toBe(true);
    expect((await waitDone(reprint.body.id)).state).toBe('done');
    const list = (await s.request('GET', '/print-jobs?size=1', { token })).body;
    expect(list).toMatchObject({ items: 2, pages: 2, last: false });
    expect(list.data[0].id).toBe(reprint.body.id);
  });

  it('the file driver writes one PDF per unit: an A4 sheet of up to 8 labels, or one A7 label', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'labels-out-'));
    await s.request('POST', '/printers', {
      token,
      body: { name: 'archive', driver: 'file', connection: folder, default_for: 'PDF_A4' },
    });
    const codes = [await shipment(), await shipment(), await shipment()];
    const sheet = await s.request('POST', '/print-jobs', { token, body: { codes, format: 'PDF_A4' } });
    expect(sheet.body.printer).toBe('archive');
    expect(await waitDone(sheet.body.id)).toMatchObject({ state: 'done', progress: { done: 3, total: 3 } });
    const a7 = await s.request('POST', '/print-jobs', {
      token,
      body: { codes: codes.slice(0, 2), printer: 'archive', format: 'PDF_A7', reprint: true },
    });
    expect((await waitDone(a7.body.id)).state).toBe('done');
    const files = readdirSync(folder).sort();
    expect(files).toEqual(
      [
        `job${sheet.body.id}-1-${codes[0]}.pdf`,
        `job${a7.body.id}-1-${codes[0]}.pdf`,
        `job${a7.body.id}-2-${codes[1]}.pdf`,
      ].sort(),
    );
    const info = execFileSync('pdfinfo', [
      join(
        folder,
        files.find((f) => f.startsWith(`job${sheet.body.id}-`))!,
      ),
    ]).toString();
    expect(info).toMatch(/Pages:\s+1\b/);
    expect(info).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts/);
  });

  it('cancel and retry over HTTP: a job for a printer that is off waits, is canceled, then retried when it is on', async () => {
    const off = await startSink('tspl');
    await off.stop();
    await s.request('POST', '/printers', { token, body: { name: 'tsc', driver: 'tspl', connection: off.url } });
    const job = (await s.request('POST', '/print-jobs', { token, body: { codes: [await shipment()], printer: 'tsc' } }))
      .body;
    for (let i = 0; i < 100 && (await s.request('GET', `/print-jobs/${job.id}`, { token })).body.attempts < 1; i++)
      await new Promise((r) => setTimeout(r, 20));
    const waiting = (await s.request('GET', `/print-jobs/${job.id}`, { token })).body;
    expect(waiting).toMatchObject({ attempts: 1, progress: { done: 0, total: 1 } });
    expect((await s.request('POST', `/print-jobs/${job.id}/cancel`, { token })).body.state).toBe('canceled');
    expect(
      (await s.request('GET', '/print-jobs?state=canceled', { token })).body.data.map((j: { id: number }) => j.id),
    ).toEqual([job.id]);
    await off.start();
    expect((await s.request('POST', `/print-jobs/${job.id}/retry`, { token })).body).toMatchObject({
      state: 'queued',
      attempts: 0,
    });
    expect(await waitDone(job.id)).toMatchObject({ state: 'done', progress: { done: 1, total: 1 } });
    expect(off.jobs).toHaveLength(1);
    expect((await s.request('POST', `/print-jobs/${job.id}/cancel`, { token })).status).toBe(409);
    await off.stop();
  });

  it('a canceled shipment has no label to print (409)', async () => {
    const code = await shipment();
    await s.request('POST', `/shipments/${code}/cancel`, { token });
    const r = await s.request('POST', '/print-jobs', { token, body: { codes: [code] } });
    expect(r).toMatchObject({ status: 409, body: { code: 'invalid_state', detail: expect.stringContaining(code) } });
  });

  it('station print --to: a one-off raw print, exit 0 only when the printer took every byte', async () => {
    const codes = [await shipment(), await shipment()];
    const ok = await s.cli(['print', '--code', codes.join(','), '--to', escpos.url, '--driver', 'escpos']);
    expect(ok.stderr).toContain('printed 2 of 2');
    expect(ok.code).toBe(0);
    for (const [i, code] of codes.entries())
      expect(await symbolsOf(code, decodeEscpos(escpos.jobs[i]!))).toEqual(expected(code));

    const tspl = await startSink('tspl');
    const at300 = await s.cli(['print', '--code', codes[0]!, '--to', tspl.url, '--driver', 'tspl', '--dpi', '300']);
    expect(at300.code).toBe(0);
    expect(decodeTspl(tspl.jobs[0]!).width).toBeGreaterThan(850); // 74 mm at 300 dpi
    expect(await readSymbols(decodeTspl(tspl.jobs[0]!))).toContain(`CODE-128:${codes[0]}`);
    await tspl.stop();

    const down = await s.cli(['print', '--code', codes[0]!, '--to', tspl.url, '--driver', 'tspl']);
    expect(down.code).not.toBe(0);
    expect(down.stderr).toMatch(/ECONNREFUSED/);
  }, 90_000);

  it('station printers add/list/remove and station print --printer wait for the job and report progress', async () => {
    const add = await s.cli([
      'printers',
      'add',
      'receipt',
      '--account',
      'acme',
      '--driver',
      'escpos',
      '--connection',
      escpos.url,
      '--width-dots',
      '576',
    ]);
    expect(add.code).toBe(0);
    expect((await s.request('GET', '/printers/receipt', { token })).body).toMatchObject({
      driver: 'escpos',
      settings: { width_dots: 576 },
    });
    const before = escpos.jobs.length;
    const codes = [await shipment(), await shipment(), await shipment()];
    const r = await s.cli(['print', '--code', codes.join(','), '--printer', 'receipt']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('printed 3 of 3');
    expect(escpos.jobs.length - before).toBe(3);
    const repeat = await s.cli(['print', '--code', codes[0]!, '--printer', 'receipt']);
    expect(repeat.code).toBe(2);
    expect(repeat.stderr).toMatch(/already printed/);
    expect((await s.cli(['printers', 'remove', 'receipt', '--account', 'acme'])).code).toBe(0);
    expect((await s.request('GET', '/printers/receipt', { token })).status).toBe(404);
  }, 90_000);
});
