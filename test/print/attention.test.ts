import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentBody } from '../helpers/fixtures.js';
import { directAccount } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { SINK_PORTS, startSink, type Sink } from './sink.js';

/**
 * `GET /print-jobs/attention`: the labels waiting for the operator (held, unconfirmed, failed), which the desk keeps
 * in sight on every screen, followed by long polling. Issue 17: a label held for an offline printer was mentioned
 * nowhere on Pack, and came out a minute later with the next parcel's.
 */
describe('print jobs waiting for the operator', () => {
  let s: Station;
  let sink: Sink;
  let token: string;
  let other: string;
  type Attention = { data: Array<{ id: number; state: string; last_error: string | null }>; version: string };
  const attention = async (query = '', t = token) => {
    const r = await s.request('GET', `/print-jobs/attention${query}`, { token: t });
    expect(r.status, r.text).toBe(200);
    return r.body as Attention;
  };
  /** The next version after `seen`, by long polling, and how long it took to come. */
  const next = async (seen: string) => {
    const t0 = Date.now();
    const a = await attention(`?wait_ms=10000&seen=${seen}`);
    return { ...a, ms: Date.now() - t0 };
  };
  const print = async () => {
    const code = (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body.code as string;
    const r = await s.request('POST', '/print-jobs', { token, body: { codes: [code], printer: 'mesa' } });
    expect(r.status, r.text).toBe(202);
    return r.body.id as number;
  };

  beforeAll(async () => {
    // Two tries, 400 ms apart: a job is held, then failed.
    s = await startInProcess({
      env: { STATION_PRINTER_PORTS: SINK_PORTS, STATION_PRINT_MAX_ATTEMPTS: '2', STATION_PRINT_RETRY_MS: '400' },
    });
    sink = await startSink('zpl');
    token = (await directAccount(s, 'acme', ['shipments.read', 'shipments.write'])).token;
    other = (await directAccount(s, 'rival', ['shipments.read'])).token;
    const r = await s.request('POST', '/printers', {
      token,
      body: { name: 'mesa', driver: 'zpl', connection: sink.url, default_for: 'PDF_A7' },
    });
    expect(r.status).toBe(201);
  });
  afterAll(async () => {
    await s?.stop();
    await sink?.stop();
  });

  it('a label for a printer gone silent is held, then failed; each change answers the long poll; set aside, it leaves', async () => {
    const quiet = await attention();
    expect(quiet.data).toEqual([]);
    // Nothing changes: the long poll answers after its wait with the same version.
    expect((await attention(`?wait_ms=300&seen=${quiet.version}`)).version).toBe(quiet.version);

    await sink.stop();
    const id = await print();
    const held = await next(quiet.version);
    expect(held.data).toMatchObject([{ id, state: 'queued', last_error: expect.stringMatching(/ECONNREFUSED/) }]);
    expect(held.ms).toBeLessThan(1000);
    // Tried again 400 ms later (held while it is tried: `printing` with the last error), then failed.
    let failed = held;
    while (failed.data[0]?.state !== 'failed') {
      failed = await next(failed.version);
      expect(failed.data.map((j) => j.id)).toEqual([id]);
    }
    // Another account sees none of it.
    expect((await attention('', other)).data).toEqual([]);

    // A failed job may now be set aside by the operator: it leaves the list.
    const aside = await s.request('POST', `/print-jobs/${id}/cancel`, { token });
    expect(aside.body.state).toBe('canceled');
    expect((await next(failed.version)).data).toEqual([]);
    await sink.start();
  });

  it('a label cut off mid-print waits unconfirmed until the operator answers', async () => {
    // A first label, so that the station knows the printer answers status (the cut then falls on a label's bytes).
    await print();
    await sink.waitForJobs(1, 10_000);
    const before = await attention();
    sink.powerCutDuringNextJob(200);
    const id = await print();
    let seen = before.version;
    let a: Attention;
    const states: string[] = [];
    do {
      a = await next(seen);
      seen = a.version;
      states.push(a.data.map((j) => j.state).join());
    } while (a.data[0]?.state !== 'unconfirmed' && states.length < 5);
    expect(states.at(-1)).toBe('unconfirmed');
    expect(a.data.map((j) => j.id)).toEqual([id]);
    expect((await s.request('POST', `/print-jobs/${id}/confirm`, { token })).status).toBe(200);
    expect((await next(a.version)).data).toEqual([]);
  });

  it('refuses a version that is none', async () => {
    const r = await s.request('GET', '/print-jobs/attention?seen=XYZ', { token });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('/seen');
  });
});
