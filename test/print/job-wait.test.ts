import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { SINK_PORTS, startSink, type Sink } from './sink.js';

/** `GET /print-jobs/{id}` with `wait_ms`: the answer comes when the job differs from what the caller shows. */
describe('following a print job by long polling', () => {
  let s: Station;
  let sink: Sink;
  let token: string;
  beforeAll(async () => {
    s = await startInProcess({ env: { STATION_PRINTER_PORTS: SINK_PORTS } });
    // A printer that takes its time to confirm each label, so the job is seen in each state.
    sink = await startSink('zpl', 0, { answerDelayMs: 300 });
    token = await s.token(await s.account('acme'), ['shipments.read', 'shipments.write']);
    const r = await s.request('POST', '/printers', {
      token,
      body: { name: 'slow', driver: 'zpl', connection: sink.url, default_for: 'PDF_A7' },
    });
    expect(r.status).toBe(201);
  });
  afterAll(async () => {
    await s.stop();
    await sink.stop();
  });

  it('answers at the change, not at the deadline, until the job is done; unchanged, it answers at the deadline', async () => {
    const { code } = (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body;
    const client = s.client(token);
    const job = await client.call('printJobs.create', { body: { codes: [code] } });
    let shown = job;
    const seen: string[] = [shown.state];
    while (shown.state !== 'done') {
      const asked = Date.now();
      const next = await client.call('printJobs.get', {
        params: { id: String(job.id) },
        query: { wait_ms: 20_000, seen_state: shown.state, seen_done: shown.progress.done },
      });
      // It came because the job changed, long before the 20 s deadline.
      expect(next.state !== shown.state || next.progress.done !== shown.progress.done).toBe(true);
      expect(Date.now() - asked).toBeLessThan(15_000);
      seen.push(next.state);
      shown = next;
    }
    expect(seen).toContain('printing');
    expect(sink.jobs).toHaveLength(1);

    const asked = Date.now();
    const same = await client.call('printJobs.get', {
      params: { id: String(job.id) },
      query: { wait_ms: 400, seen_state: 'done', seen_done: 1 },
    });
    expect(same).toMatchObject({ id: job.id, state: 'done' });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(350);
    // Without what the caller shows, it answers at once, as before.
    expect((await client.call('printJobs.get', { params: { id: String(job.id) } })).state).toBe('done');
  });

  it('with outcome, answers when the job is done, not when it is claimed', async () => {
    const { code } = (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body;
    const client = s.client(token);
    const job = await client.call('printJobs.create', { body: { codes: [code] } });
    // The printer takes 300 ms to confirm: the job is printing all that while.
    const asked = Date.now();
    const end = await client.call('printJobs.get', {
      params: { id: String(job.id) },
      query: { wait_ms: 20_000, outcome: true },
    });
    expect(end).toMatchObject({ state: 'done', progress: { done: 1, total: 1 } });
    expect(Date.now() - asked).toBeLessThan(15_000);
    // Done already: it answers at once.
    const again = Date.now();
    expect(
      await client.call('printJobs.get', { params: { id: String(job.id) }, query: { wait_ms: 20_000, outcome: true } }),
    ).toMatchObject({ state: 'done' });
    expect(Date.now() - again).toBeLessThan(5_000);
  });

  it('answers when a label the printer did not take is held, back in the state the caller shows (its attempts)', async () => {
    const off = await startSink('zpl');
    await off.stop();
    const client = s.client(token);
    await client.call('printers.create', { body: { name: 'off', driver: 'zpl', connection: off.url } });
    const { code } = (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body;
    const job = await client.call('printJobs.create', { body: { codes: [code], printer: 'off' } });
    expect(job).toMatchObject({ state: 'queued', attempts: 0 });
    // queued → printing → queued (held) may all pass between two looks: state and labels done alone would wait on.
    const asked = Date.now();
    const held = await client.call('printJobs.get', {
      params: { id: String(job.id) },
      query: { wait_ms: 20_000, seen_state: 'queued', seen_done: 0, seen_attempts: 0 },
    });
    expect(held.attempts).toBeGreaterThan(0);
    expect(Date.now() - asked).toBeLessThan(15_000);
    // Waiting for its outcome, the same: a label held is something it came to (its error).
    const job2 = await client.call('printJobs.create', {
      body: {
        codes: [(await s.request('POST', '/shipments', { token, body: shipmentBody() })).body.code],
        printer: 'off',
      },
    });
    const held2 = await client.call('printJobs.get', {
      params: { id: String(job2.id) },
      query: { wait_ms: 20_000, outcome: true },
    });
    expect(held2).toMatchObject({ state: 'queued' });
    expect(held2.last_error).not.toBeNull();
    await client.call('printJobs.cancel', { params: { id: String(job2.id) } });
    await client.call('printJobs.cancel', { params: { id: String(job.id) } });
  });

  it('refuses a wait longer than 25 s, naming the field', async () => {
    const r = await s.request('GET', '/print-jobs/1?wait_ms=60000', { token });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('/wait_ms');
  });

  it('refuses an outcome or a label_ahead that is not true or false, naming the field; creates with label_ahead=true', async () => {
    const wait = await s.request('GET', '/print-jobs/1?wait_ms=100&outcome=soon', { token });
    expect(wait.status).toBe(400);
    expect(wait.body.errors[0].path).toBe('/outcome');
    const refused = await s.request('POST', '/shipments?label_ahead=yes', { token, body: shipmentBody() });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('/label_ahead');
    const created = await s.request('POST', '/shipments?label_ahead=true', { token, body: shipmentBody() });
    expect(created.status, created.text).toBe(201);
    expect(created.body.labelled_at).toBeNull();
  });
});
