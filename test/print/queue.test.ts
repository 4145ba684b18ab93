import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../core/platform/clock.js';
import { DomainError, notFound } from '../../core/shared/errors.js';
import { createPrintingService, type LabelsPort, type PrintingService } from '../../core/features/printing/service.js';
import type { ShipmentRecord } from '../../core/features/shipments/record.js';
import { openSqliteEngine, type SqliteEngine } from '../../core/engines/sqlite/index.js';
import { printerPlaces } from '../../core/features/printing/places.js';
import { decodeEscpos, readSymbols, syntheticLabel } from './decode.js';
import { startSink, type Sink } from './sink.js';

/** The queue against real sockets, with stand-in labels (the label service has its own tests). */
/**
 * Set by a test to hold every drawing (an attempt under way, before its first byte) until it resolves; with
 * `prefix`, only the drawings of the codes that start with it.
 */
let gate: { promise: Promise<void>; resolve: () => void; prefix: string } | null = null;
function holdDrawings(prefix = '') {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return (gate = { promise, resolve, prefix });
}
/** What the queue asked the labels for: where each was drawn, and how its marks were committed. */
const drawings: Array<{ code: string; lane: string; durable: string }> = [];
const labels: LabelsPort = {
  async labellable(accountId, code) {
    if (accountId !== 1 || code.startsWith('NOPE')) throw notFound(`shipment ${code}`);
    return Promise.resolve({ code, status: 'TO_COLLECT' } as ShipmentRecord);
  },
  pieces: (accountId, given) => Promise.all(given.map((code) => labels.labellable(accountId, code))),
  renderRaster: async (_account, code, dpi, how) => {
    drawings.push({ code, ...how });
    if (gate && code.startsWith(gate.prefix)) await gate.promise;
    return code.startsWith('BAD')
      ? Promise.reject(new DomainError('invalid_state', `no label for ${code}`))
      : syntheticLabel(code, dpi);
  },
  renderPdf: () => Promise.reject(new Error('not used')),
  drawAhead: () => Promise.resolve(),
  accountOfCode: () => Promise.resolve(1),
  renderData: () => Promise.reject(new Error('not used')),
};

const codes = (n: number, prefix = 'C') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}X`);

/** The Code 128 of every label the sink took, in arrival order. */
async function printedCodes(sink: Sink): Promise<string[]> {
  const out: string[] = [];
  for (const job of sink.jobs) {
    const symbols = await readSymbols(decodeEscpos(job));
    out.push(symbols.find((s) => s.startsWith('CODE-128:'))?.slice(9) ?? '?');
  }
  return out;
}

describe('print queue', () => {
  let dir: string;
  let engine: SqliteEngine;
  let printing: PrintingService;
  let sink: Sink;
  const open = () => {
    const p = createPrintingService({
      db: engine,
      clock: systemClock,
      labels,
      retry: { maxAttempts: 4, baseDelayMs: 40, maxDelayMs: 300 },
      places: printerPlaces(dir, {}),
      site: 'main',
    });
    p.queue.start();
    return p;
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'print-queue-'));
    engine = openSqliteEngine(dir, { clock: systemClock, env: {} });
    engine.db.prepare("INSERT INTO accounts (id, name, created_at) VALUES (1, 'acme', 0), (2, 'other', 0)").run();
    sink = await startSink('escpos');
    printing = open();
    await printing.createPrinter(
      1,
      { name: 'desk', driver: 'escpos', connection: sink.url, default_for: 'PDF_A7' },
      { owner: true },
    );
  });
  afterEach(async () => {
    await printing.queue.stop();
    await sink.stop().catch(() => {});
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a batch in order, once each, and reports progress n of N', async () => {
    const batch = codes(4);
    const job = await printing.submit(1, { codes: batch });
    expect(job).toMatchObject({
      state: 'queued',
      printer: 'desk',
      format: 'PDF_A7',
      progress: { done: 0, total: 4 },
      reprint: false,
    });
    const seen: number[] = [];
    const end = await printing.waitForJob(1, job.id, (j) => seen.push(j.progress.done));
    expect(end).toMatchObject({ state: 'done', attempts: 1, last_error: null, progress: { done: 4, total: 4 } });
    expect(seen.at(-1)).toBe(4);
    expect(await printedCodes(sink)).toEqual(batch);
  });

  it("draws a one-label job in the desk's lane and a batch's labels in the bulk lane, both marked with the next commit", async () => {
    drawings.length = 0;
    const [one, ...batch] = codes(3, 'L');
    await printing.waitForJob(1, (await printing.submit(1, { codes: [one!] })).id);
    await printing.waitForJob(1, (await printing.submit(1, { codes: batch })).id);
    expect(drawings).toEqual([
      { code: one, lane: 'desk', durable: 'with_next' },
      ...batch.map((code) => ({ code, lane: 'bulk', durable: 'with_next' })),
    ]);
  });

  it('the printer switched off mid-label: that label waits unconfirmed, is sent again only when the operator asks', async () => {
    const batch = codes(6);
    sink.onJob = (_job, index) => {
      if (index === 1) sink.powerCutDuringNextJob(250);
    };
    const job = await printing.submit(1, { codes: batch });
    const doubt = await printing.waitForJob(1, job.id);
    expect(doubt).toMatchObject({ state: 'unconfirmed', progress: { done: 2, total: 6 } });
    expect(sink.cut).toBe(1); // the third label was cut off mid-transfer...
    await new Promise((r) => setTimeout(r, 400)); // ...the printer is back, and nothing is resent by itself
    expect(sink.jobs).toHaveLength(2);
    await expect(printing.retry(1, String(job.id))).rejects.toThrow(/unconfirmed/);
    expect(await printing.printAgain(1, String(job.id))).toMatchObject({ state: 'queued', reprint: true });
    expect(await printing.waitForJob(1, job.id)).toMatchObject({ state: 'done', progress: { done: 6, total: 6 } });
    expect(await printedCodes(sink)).toEqual(batch); // sent again whole on the operator's word, the others once
  });

  it('"it printed": the label in doubt counts and the rest of the job resumes by itself', async () => {
    const batch = codes(3, 'P');
    sink.onJob = (_job, index) => {
      if (index === 0) sink.powerCutDuringNextJob(100);
    };
    const job = await printing.submit(1, { codes: batch });
    expect((await printing.waitForJob(1, job.id)).state).toBe('unconfirmed');
    await new Promise((r) => setTimeout(r, 200));
    expect((await printing.confirm(1, String(job.id))).progress.done).toBe(2);
    expect(await printing.waitForJob(1, job.id)).toMatchObject({
      state: 'done',
      reprint: false,
      progress: { done: 3, total: 3 },
    });
    expect(await printedCodes(sink)).toEqual([batch[0], batch[2]]);
    await expect(printing.confirm(1, String(job.id))).rejects.toThrow(/is done/);
  });

  it('a job survives a restart, and one left printing by a dead process resumes at its first unacknowledged label', async () => {
    await sink.stop();
    const queued = await printing.submit(1, { codes: codes(2, 'Q') });
    await printing.queue.stop();
    // A process that died after the printer took 2 of 4 labels: its lease has run out.
    const crashed = await printing.submit(1, { codes: codes(4, 'R') });
    engine.db
      .prepare("UPDATE print_jobs SET state = 'printing', done = 2, lease_owner = 'dead', lease_until = 1 WHERE id = ?")
      .run(crashed.id);
    await sink.start();
    printing = open();
    expect((await printing.waitForJob(1, queued.id)).state).toBe('done');
    expect((await printing.waitForJob(1, crashed.id)).state).toBe('done');
    expect(await printedCodes(sink)).toEqual([...codes(2, 'Q'), ...codes(4, 'R').slice(2)]);
  });

  it('gives up after the bounded attempts with the last error; retry queues it again and it prints', async () => {
    await sink.stop();
    const job = await printing.submit(1, { codes: codes(1) });
    const failed = await printing.waitForJob(1, job.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 4, progress: { done: 0, total: 1 } });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    await sink.start();
    expect((await printing.retry(1, String(job.id))).state).toBe('queued');
    expect(await printing.waitForJob(1, job.id)).toMatchObject({ state: 'done', last_error: null });
    expect(sink.jobs).toHaveLength(1);
  });

  it('a label that cannot be made fails at once, without retries', async () => {
    const end = await printing.waitForJob(1, (await printing.submit(1, { codes: ['BAD1'] })).id);
    expect(end).toMatchObject({ state: 'failed', attempts: 1, last_error: 'no label for BAD1' });
  });

  it('a printed label needs an explicit reprint, recorded as such; canceled and unknown shipments are refused', async () => {
    const first = await printing.submit(1, { codes: ['A0001X'] });
    await printing.waitForJob(1, first.id);
    await expect(printing.submit(1, { codes: ['A0001X'] })).rejects.toThrow(/already printed/);
    const again = await printing.submit(1, { codes: ['A0001X'], reprint: true });
    expect(again.reprint).toBe(true);
    expect((await printing.waitForJob(1, again.id)).state).toBe('done');
    expect(sink.jobs).toHaveLength(2);
    await expect(printing.submit(1, { codes: ['NOPE1'] })).rejects.toThrow(/not found/);
    await expect(printing.job(2, String(first.id))).rejects.toThrow(/not found/);
  });

  it('cancel stops a job waiting for its printer; a done job cannot be canceled', async () => {
    await sink.stop();
    const job = await printing.submit(1, { codes: codes(2) });
    expect((await printing.cancel(1, String(job.id))).state).toBe('canceled');
    await sink.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.jobs).toHaveLength(0);
    const other = await printing.submit(1, { codes: ['D0001X'] });
    await printing.waitForJob(1, other.id);
    await expect(printing.cancel(1, String(other.id))).rejects.toThrow(/is done/);
  });

  it('moves a job while an attempt is under way (nothing sent yet): the label comes out of the other printer only', async () => {
    const spare = await startSink('escpos');
    try {
      await printing.createPrinter(1, { name: 'spare', driver: 'escpos', connection: spare.url }, { owner: true });
      const held = holdDrawings();
      const job = await printing.submit(1, { codes: ['M0001X'] });
      // Held in its drawing: claimed by the worker, no byte on its way.
      while ((await printing.job(1, String(job.id))).state !== 'printing') await new Promise((r) => setTimeout(r, 5));
      expect(await printing.move(1, String(job.id), { printer: 'spare' })).toMatchObject({
        state: 'queued',
        printer: 'spare',
      });
      held.resolve();
      expect(await printing.waitForJob(1, job.id)).toMatchObject({ state: 'done', printer: 'spare' });
      await new Promise((r) => setTimeout(r, 200));
      expect(await printedCodes(spare)).toEqual(['M0001X']);
      expect(sink.jobs).toHaveLength(0);
    } finally {
      gate = null;
      await spare.stop();
    }
  });

  it('starts no label of a batch while a desk label is under way, but for a short wait each', async () => {
    const spare = await startSink('escpos');
    try {
      await printing.createPrinter(1, { name: 'spare', driver: 'escpos', connection: spare.url }, { owner: true });
      const batch = await printing.submit(1, { codes: codes(40, 'Q'), printer: 'spare' });
      await spare.waitForJobs(2, 10_000);
      const held = holdDrawings('HOLD');
      const desk = await printing.submit(1, { codes: ['HOLD0001X'] });
      while ((await printing.job(1, String(desk.id))).state !== 'printing') await new Promise((r) => setTimeout(r, 5));
      const before = spare.jobs.length;
      await new Promise((r) => setTimeout(r, 1000));
      // A batch's labels come every few ms; while a desk label is under way, each waits for it up to 200 ms.
      expect(spare.jobs.length - before).toBeLessThanOrEqual(7);
      held.resolve();
      expect(await printing.waitForJob(1, desk.id)).toMatchObject({ state: 'done' });
      expect(await printing.waitForJob(1, batch.id)).toMatchObject({ state: 'done', progress: { done: 40 } });
      expect(await printedCodes(spare)).toEqual(codes(40, 'Q'));
    } finally {
      gate = null;
      await spare.stop();
    }
  });

  it('refuses to move a job while its label is on its way, naming the printer', async () => {
    await printing.queue.stop();
    await printing.createPrinter(1, { name: 'spare', driver: 'escpos', connection: sink.url }, { owner: true });
    const job = await printing.submit(1, { codes: ['N0001X'] });
    // What the worker writes right before a label's first byte (print-job.ts, mayWrite).
    engine.db
      .prepare("UPDATE print_jobs SET state = 'printing', in_doubt = 1, lease_owner = 'w' WHERE id = ?")
      .run(job.id);
    await expect(printing.move(1, String(job.id), { printer: 'spare' })).rejects.toThrow(
      /a label is on its way to desk; move the job once that printer has answered/,
    );
    expect(await printing.job(1, String(job.id))).toMatchObject({ state: 'printing', printer: 'desk' });
  });
});
