import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { SINK_PORTS, startSink, type Sink } from './sink.js';

/** The code of each label the printer took, in order (native ESC/POS: the Code 128 command carries it). */
function printed(sink: Sink): string[] {
  // eslint-disable-next-line no-control-regex -- GS k: the ESC/POS Code 128 command that carries the code
  return sink.jobs.map((job) => /\x1dkI.\{B([A-Z0-9]+)/.exec(job.toString('latin1'))?.[1] ?? '?');
}

/**
 * Issue 17 (speed): a desk's single label must not wait behind a batch. Batches queued ahead of it on the same
 * printer each print as a whole (a printer prints one job at a time), but the one label goes before the ones not
 * started yet, instead of after all of them.
 */
describe("a desk's one-label job and the batches queued on its printer", () => {
  let s: Station;
  let sink: Sink;
  let token: string;
  beforeAll(async () => {
    s = await startInProcess({ env: { STATION_PRINTER_PORTS: SINK_PORTS } });
    sink = await startSink('escpos');
    token = await s.token(await s.account('acme'), ['shipments.read', 'shipments.write']);
    const r = await s.request('POST', '/printers', {
      token,
      body: {
        name: 'shared',
        driver: 'escpos',
        connection: sink.url,
        default_for: 'PDF_A7',
        settings: { native: true },
      },
    });
    expect(r.status, r.text).toBe(201);
  });
  afterAll(async () => {
    await s.stop();
    await sink.stop();
  });

  it('prints the one label before the batches that were queued first', async () => {
    const code = async () =>
      (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body.code as string;
    const first = [await code(), await code(), await code()];
    const second = [await code(), await code(), await code()];
    const desk = await code();
    // The queue is stopped while the jobs are queued, so that all three wait together (a station that was busy).
    await s.services!.printing.queue.stop();
    const submit = async (codes: string[]) => {
      const r = await s.request('POST', '/print-jobs', { token, body: { codes } });
      expect(r.status, r.text).toBe(202);
      return r.body.id as number;
    };
    const jobs = [await submit(first), await submit(second), await submit([desk])];
    s.services!.printing.queue.start();
    await sink.waitForJobs(7, 20_000);
    expect(printed(sink)).toEqual([desk, ...first, ...second]);
    for (const id of jobs)
      await expect.poll(async () => (await s.request('GET', `/print-jobs/${id}`, { token })).body.state).toBe('done');
  });
});
