import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { decodeEscpos, readSymbols } from './decode.js';
import { startSink, type Sink } from './sink.js';

/**
 * What the operator and the owner see of the printing promise (issue 11): silent printers, reprints that join a
 * pending job, printers that cannot be removed under their jobs, jobs moved, and where API printers may point.
 */
describe('printing, as the operator sees it', () => {
  let s: Station;
  let sinks: Sink[] = [];
  let token: string;
  const sinkOn = async (...args: Parameters<typeof startSink>) => {
    const sink = await startSink(...args);
    sinks.push(sink);
    return sink;
  };
  const shipment = async () =>
    (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body.code as string;
  const job = async (id: number) => (await s.request('GET', `/print-jobs/${id}`, { token })).body;
  const ended = async (id: number) => {
    for (let i = 0; i < 400; i++) {
      const j = await job(id);
      if (['done', 'failed', 'canceled', 'unconfirmed'].includes(j.state)) return j;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`print job ${id} did not end`);
  };
  const codeOf = async (bytes: Buffer) =>
    (await readSymbols(decodeEscpos(bytes))).find((x) => x.startsWith('CODE-128:'))?.slice(9);

  beforeAll(async () => {
    // Only the ports of the sinks this suite starts on purpose are printer ports here, one range of them.
    s = await startInProcess({ env: { STATION_PRINTER_PORTS: '1024-65535', STATION_PRINT_RETRY_MS: '50' } });
    token = await s.token(await s.account('acme'), ['shipments.read', 'shipments.write']);
  });
  afterAll(async () => {
    await s?.stop();
    for (const sink of sinks) await sink.stop().catch(() => {});
    sinks = [];
  });

  it('a printer that never answers status prints once, promptly, through the queue and through --to', async () => {
    const silent = await sinkOn('escpos', 0, { silent: true });
    expect(
      (
        await s.request('POST', '/printers', {
          token,
          body: { name: 'clone', driver: 'escpos', connection: silent.url },
        })
      ).status,
    ).toBe(201);
    const codes = [await shipment(), await shipment()];
    const j = (await s.request('POST', '/print-jobs', { token, body: { codes, printer: 'clone' } })).body;
    expect(await ended(j.id)).toMatchObject({ state: 'done', attempts: 1, progress: { done: 2, total: 2 } });
    expect(await Promise.all(silent.jobs.map(codeOf))).toEqual(codes);
    // Learned at the first job: the test page goes out without asking again.
    expect((await s.request('POST', '/printers/clone/test', { token })).body).toEqual({ accepted: true, error: null });
    expect(silent.jobs).toHaveLength(3);

    const once = await sinkOn('escpos', 0, { silent: true });
    const r = await s.cli(['print', '--code', codes[0]!, '--to', once.url, '--driver', 'escpos']);
    expect(r).toMatchObject({ code: 0, stderr: expect.stringContaining('printed 1 of 1') });
    expect(await Promise.all(once.jobs.map(codeOf))).toEqual([codes[0]]);
  }, 60_000);

  it('a reprint asked while the first job waits for its printer joins that job: one label', async () => {
    const off = await sinkOn('escpos');
    await off.stop();
    await s.request('POST', '/printers', { token, body: { name: 'later', driver: 'escpos', connection: off.url } });
    const code = await shipment();
    const first = (await s.request('POST', '/print-jobs', { token, body: { codes: [code], printer: 'later' } })).body;
    while ((await job(first.id)).attempts < 1) await new Promise((r) => setTimeout(r, 20));
    const reprint = await s.request('POST', '/print-jobs', {
      token,
      body: { codes: [code], printer: 'later', reprint: true },
    });
    expect(reprint).toMatchObject({ status: 202, body: { id: first.id } });
    // A reprint of that label and another one: only the other one is a new job.
    const other = await shipment();
    const mixed = (
      await s.request('POST', '/print-jobs', { token, body: { codes: [code, other], printer: 'later', reprint: true } })
    ).body;
    expect(mixed.codes).toEqual([other]);
    await off.start();
    expect((await ended(first.id)).state).toBe('done');
    expect((await ended(mixed.id)).state).toBe('done');
    expect((await Promise.all(off.jobs.map(codeOf))).sort()).toEqual([code, other].sort());
  }, 60_000);

  it('a printer with a queued job cannot be removed; the job moves to another printer, and a new printer of the old name gets nothing', async () => {
    const off = await sinkOn('escpos');
    await off.stop();
    const spare = await sinkOn('escpos');
    await s.request('POST', '/printers', { token, body: { name: 'busy', driver: 'escpos', connection: off.url } });
    await s.request('POST', '/printers', { token, body: { name: 'spare', driver: 'escpos', connection: spare.url } });
    const code = await shipment();
    const j = (await s.request('POST', '/print-jobs', { token, body: { codes: [code], printer: 'busy' } })).body;

    const refused = await s.request('DELETE', '/printers/busy', { token });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'invalid_state',
        detail: expect.stringMatching(/1 print job not finished.*move them to another printer or cancel them/),
      },
    });
    expect((await s.request('POST', `/print-jobs/${j.id}/move`, { token, body: { printer: 'ghost' } })).status).toBe(
      404,
    );
    // Between two attempts or during one (nothing is on its way to a printer that refuses connections), at once.
    const moved = await s.request('POST', `/print-jobs/${j.id}/move`, { token, body: { printer: 'spare' } });
    expect(moved.body).toMatchObject({ printer: 'spare', state: 'queued' });
    expect(await ended(j.id)).toMatchObject({ state: 'done', printer: 'spare' });
    expect(await Promise.all(spare.jobs.map(codeOf))).toEqual([code]);
    expect((await s.request('DELETE', '/printers/busy', { token })).body).toEqual({ deleted: true });

    // A job never follows a reused name: the new printer "busy" gets nothing.
    await off.start();
    await s.request('POST', '/printers', { token, body: { name: 'busy', driver: 'escpos', connection: off.url } });
    await new Promise((r) => setTimeout(r, 300));
    expect(off.jobs).toHaveLength(0);
    expect((await s.request('POST', `/print-jobs/${j.id}/move`, { token, body: { printer: 'busy' } })).status).toBe(
      409,
    ); // done
  }, 60_000);

  it('an unconfirmed job offers exactly its two answers; the others are 409 naming the state', async () => {
    const sink = await sinkOn('escpos');
    await s.request('POST', '/printers', { token, body: { name: 'flaky', driver: 'escpos', connection: sink.url } });
    // The test page teaches the station that this printer answers status; then its power fails mid-label.
    expect((await s.request('POST', '/printers/flaky/test', { token })).body.accepted).toBe(true);
    sink.jobs.length = 0;
    sink.powerCutDuringNextJob(100);
    const j = (await s.request('POST', '/print-jobs', { token, body: { codes: [await shipment()], printer: 'flaky' } }))
      .body;
    expect(await ended(j.id)).toMatchObject({ state: 'unconfirmed', progress: { done: 0, total: 1 } });
    expect(
      (await s.request('GET', '/print-jobs?state=unconfirmed', { token })).body.data.map((x: { id: number }) => x.id),
    ).toContain(j.id);
    expect((await s.request('DELETE', '/printers/flaky', { token })).status).toBe(409);
    const retry = await s.request('POST', `/print-jobs/${j.id}/retry`, { token });
    expect(retry).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/unconfirmed/) } });
    await new Promise((r) => setTimeout(r, 200));
    expect((await s.request('POST', `/print-jobs/${j.id}/print-again`, { token })).body).toMatchObject({
      state: 'queued',
      reprint: true,
    });
    expect((await ended(j.id)).state).toBe('done');
    expect(sink.jobs).toHaveLength(1);
    expect((await s.request('POST', `/print-jobs/${j.id}/confirm`, { token })).status).toBe(409);
  }, 60_000);

  it.each([
    [
      'a port printers do not use',
      { driver: 'escpos', connection: 'tcp://127.0.0.1:22' },
      /port 22 is not a printer port/,
    ],
    [
      'a file that is not a printer device',
      { driver: 'escpos', connection: '/etc/passwd' },
      /not a printer or serial device/,
    ],
    [
      'a device path that leads elsewhere',
      { driver: 'zpl', connection: '/dev/../etc/shadow' },
      /not a printer or serial device/,
    ],
  ])('refuses a printer on %s', async (_what, body, message) => {
    const r = await s.request('POST', '/printers', { token, body: { name: 'probe', ...body } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ path: '/connection', message: expect.stringMatching(message) });
  });

  it('a file printer is judged on its real path: a symlink out of an allowed folder is refused', async () => {
    const inside = mkdtempSync(join(tmpdir(), 'labels-'));
    symlinkSync('/etc', join(inside, 'escape'));
    symlinkSync('/etc/station-test-not-there', join(inside, 'dangling'));
    try {
      for (const connection of [
        join(inside, 'escape'),
        join(inside, 'escape', 'cron.d'),
        join(inside, 'dangling', 'deeper'),
      ]) {
        const r = await s.request('POST', '/printers', { token, body: { name: 'esc', driver: 'file', connection } });
        expect(r.status).toBe(400);
        expect(r.body.errors[0]).toMatchObject({
          path: '/connection',
          message: expect.stringMatching(/inside one of the folders/),
        });
      }
      mkdirSync(join(inside, 'real'));
      expect(
        (
          await s.request('POST', '/printers', {
            token,
            body: { name: 'ok', driver: 'file', connection: join(inside, 'real', 'new') },
          })
        ).status,
      ).toBe(201);
    } finally {
      rmSync(inside, { recursive: true, force: true });
    }
  });

  it('the owner is not restricted: station printers add takes any port', async () => {
    const r = await s.cli([
      'printers',
      'add',
      'odd',
      '--account',
      'acme',
      '--driver',
      'zpl',
      '--connection',
      'tcp://127.0.0.1:22',
    ]);
    expect(r.code).toBe(0);
  });
});

describe('printer ports of a station on its defaults', () => {
  let s: Station;
  let token: string;
  beforeAll(async () => {
    s = await startInProcess({ env: { STATION_PRINTER_PORTS: '' } });
    token = await s.token(await s.account('acme'), ['shipments.read', 'shipments.write']);
  });
  afterAll(async () => s?.stop());

  it.each([
    [9100, 201],
    [9109, 201],
    [515, 201],
    [6101, 201],
    [9110, 400],
    [8080, 400],
  ])('tcp port %i: %i', async (port, status) => {
    const r = await s.request('POST', '/printers', {
      token,
      body: { name: `p${port}`, driver: 'zpl', connection: `tcp://192.0.2.1:${port}` },
    });
    expect(r.status).toBe(status);
    if (status === 400) expect(r.body.errors[0].message).toMatch(/STATION_PRINTER_PORTS: 515,6101,9100-9109/);
  });
});
