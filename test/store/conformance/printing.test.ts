import { expect, it } from 'vitest';
import { DOUBT_MESSAGE, CANCELED_IN_DOUBT_MESSAGE } from '../../../core/features/printing/job-transitions.js';
import type { PrinterRecord, PrinterValues, PrintStore } from '../../../core/features/printing/store.js';
import { conformance, type Opened } from './engines.js';

/**
 * PrintStore on both engines: printers, the durable queue, and every transition of a job as the queue's workers and
 * the operator make them (core/printing/job-transitions.ts computes them; the engines read, compare and set).
 */
const values = (over: Partial<PrinterValues> = {}): PrinterValues => ({
  driver: 'escpos',
  connection: 'tcp://10.0.0.1:9100',
  settings: { width_dots: 576 },
  default_for: null,
  site: 'main',
  ...over,
});
const W = 1_000_000; // wall-clock ms of the test's "now"

async function printerOf(o: Opened, name = 'front', over: Partial<PrinterValues> = {}): Promise<PrinterRecord> {
  await o.tx((s) => s.printing.savePrinter(o.accountId, name, values(over), 1, false));
  return (await o.engine.stores.printing.printer(o.accountId, name))!;
}
/** A job of `codes` queued on `printer`, due at W. */
const submit = (o: Opened, printer: PrinterRecord, codes: string[], reprint = false) =>
  o.tx((s) => s.printing.insertJob(o.accountId, { codes, format: 'PDF_A7', printer, reprint, start: 1 }, 5, W));
const claim = (o: Opened, owner: string, wall = W, busy: string[] = [], only: number | null = null, site = 'main') =>
  o.tx((s) => s.printing.claim(owner, site, wall, wall + 100, busy, 7, only));
const jobById = (o: Opened, id: number) => o.engine.stores.printing.jobById(id).then((j) => j!);
const w = <T>(o: Opened, fn: (p: PrintStore) => Promise<T>) => o.tx((s) => fn(s.printing));

conformance('printing', (opened) => {
  it('keeps printers: saved, listed, found by name, id and default; one default per format; deleted', async () => {
    const o = opened();
    const p = o.engine.stores.printing;
    const front = await printerOf(o, 'front', { default_for: 'PDF_A7', folder_real: null });
    expect(front).toMatchObject({
      account_id: o.accountId,
      name: 'front',
      driver: 'escpos',
      settings: { width_dots: 576 },
      default_for: 'PDF_A7',
      answers_status: null,
      site: 'main',
      created_at: 1,
    });
    const back = await printerOf(o, 'back', { default_for: 'PDF_A7', site: 'dock' });
    expect((await p.printers(o.accountId)).map((r) => r.name)).toEqual(['back', 'front']);
    expect((await p.defaultPrinter(o.accountId, 'PDF_A7'))?.name).toBe('back');
    expect((await p.printer(o.accountId, 'front'))!.default_for).toBeNull();
    expect((await p.printerById(back.id))?.site).toBe('dock');
    expect(await p.printer(o.accountId + 1, 'front')).toBeUndefined();

    // What a printer answers is learned, and learned again once its connection changes.
    await w(o, (s) => s.setAnswersStatus(front.id, true));
    expect((await p.printerById(front.id))!.answers_status).toBe(true);
    await w(o, (s) => s.savePrinter(o.accountId, 'front', values(), 2, true));
    expect((await p.printerById(front.id))!.answers_status).toBe(true);
    await w(o, (s) => s.savePrinter(o.accountId, 'front', values({ connection: 'tcp://10.0.0.2:9100' }), 3, true));
    expect(await p.printerById(front.id)).toMatchObject({ answers_status: null, updated_at: 3 });

    const job = await submit(o, front, ['A1']);
    expect(await p.holding(front.id)).toBe(1);
    await w(o, (s) => s.cancel(job, 9));
    expect(await p.holding(front.id)).toBe(0);
    expect(await w(o, (s) => s.deletePrinter(o.accountId, 'front'))).toBe(true);
    expect(await w(o, (s) => s.deletePrinter(o.accountId, 'front'))).toBe(false);
    expect((await jobById(o, job)).printer_id).toBeNull();
  });

  it('queues a job and finds it: by account, by id, its holder, a page of jobs, printed and pending codes', async () => {
    const o = opened();
    const p = o.engine.stores.printing;
    const printer = await printerOf(o);
    const a = await submit(o, printer, ['A1', 'A2', 'A3']);
    const b = await submit(o, printer, ['B1'], true);
    expect(await p.job(o.accountId, a)).toMatchObject({
      codes: ['A1', 'A2', 'A3'],
      format: 'PDF_A7',
      printer: 'front',
      printer_id: printer.id,
      settings: { width_dots: 576 },
      reprint: false,
      state: 'queued',
      done: 0,
      total: 3,
      in_doubt: false,
      start: 1,
      attempts: 0,
      last_error: null,
      next_attempt_at: W,
      lease_owner: null,
      created_at: 5,
      finished_at: null,
    });
    expect(await p.job(o.accountId + 1, a)).toBeUndefined();
    expect((await jobById(o, b)).reprint).toBe(true);
    expect(await p.holder(a)).toEqual({ state: 'queued', lease_owner: null });

    const page = await p.jobs(o.accountId, null, 1, 0);
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.id)).toEqual([b]);
    expect((await p.jobs(o.accountId, 'queued', 10, 1)).rows.map((r) => r.id)).toEqual([a]);
    expect(await p.jobs(o.accountId, 'done', 10, 0)).toEqual({ rows: [], total: 0 });

    expect((await p.alreadyPrinted(o.accountId, 'PDF_A7', ['A2', 'B1', 'Z9'])).sort()).toEqual(['A2', 'B1']);
    expect(await p.alreadyPrinted(o.accountId, 'PDF_A4', ['A2'])).toEqual([]);
    // A label already confirmed printed does not join its job again.
    const job = (await claim(o, 'w1'))!;
    expect(job.id).toBe(b);
    await w(o, (s) => s.finish(b, 'w1', 8));
    const a1 = (await claim(o, 'w1'))!;
    await w(o, (s) => s.progress(a1.id, 'w1', 1, W + 100, 8));
    expect(await p.pending(o.accountId, 'PDF_A7', ['A1', 'A2', 'B1'])).toEqual([{ id: a, code: 'A2' }]);
    expect(await p.alreadyPrinted(o.accountId, 'PDF_A7', ['B1'])).toEqual(['B1']);
  });

  it('a claim takes the due jobs of its site, one label first, then the oldest; busy connections wait', async () => {
    const o = opened();
    const p = o.engine.stores.printing;
    const main = await printerOf(o, 'front');
    const dock = await printerOf(o, 'dock', { site: 'dock', connection: 'tcp://10.0.0.9:9100' });
    const batch = await submit(o, main, ['A1', 'A2']);
    const single = await submit(o, main, ['S1']);
    const elsewhere = await submit(o, dock, ['D1']);
    expect(await claim(o, 'w1', W - 1)).toBeUndefined();
    expect(await p.nextDue('main', [])).toBe(W);
    expect(await claim(o, 'w1', W, [main.connection])).toBeUndefined();
    expect(await p.nextDue('main', [main.connection])).toBeNull();

    const first = (await claim(o, 'w1'))!;
    expect(first).toMatchObject({ id: single, state: 'printing', lease_owner: 'w1', lease_until: W + 100 });
    expect(first).toMatchObject({ attempts: 1, updated_at: 7 });
    expect((await claim(o, 'w2'))!.id).toBe(batch);
    expect(await claim(o, 'w3')).toBeUndefined();
    // `only`: the one job asked for, whatever its site.
    expect((await claim(o, 'w3', W, [], elsewhere))!.id).toBe(elsewhere);
    expect(await p.nextDue('main', [])).toBe(W + 100);
    expect(await p.holder(first.id)).toEqual({ state: 'printing', lease_owner: 'w1' });
  });

  it("a worker's changes: sending, progress, renew, finish, fail, backoff, unconfirmed, let go, only its own", async () => {
    const o = opened();
    const printer = await printerOf(o);
    const id = await submit(o, printer, ['A1', 'A2', 'A3']);
    await claim(o, 'w1');
    expect(await w(o, (s) => s.sending(id, 'w2'))).toBe(false);
    expect(await w(o, (s) => s.sending(id, 'w1'))).toBe(true);
    expect((await jobById(o, id)).in_doubt).toBe(true);
    expect(await w(o, (s) => s.progress(id, 'w1', 1, W + 200, 8))).toBe(true);
    expect(await jobById(o, id)).toMatchObject({ done: 1, in_doubt: false, lease_until: W + 200, updated_at: 8 });
    await w(o, (s) => s.renew(id, 'w2', W + 999));
    await w(o, (s) => s.renew(id, 'w1', W + 300));
    expect((await jobById(o, id)).lease_until).toBe(W + 300);

    expect(await w(o, (s) => s.backoff(id, 'w1', 'paper out', W + 50, 9))).toBe(true);
    expect(await jobById(o, id)).toMatchObject({
      state: 'queued',
      lease_owner: null,
      last_error: 'paper out',
      next_attempt_at: W + 50,
    });
    expect(await w(o, (s) => s.finish(id, 'w1', 9))).toBe(false);
    await claim(o, 'w1', W + 50);
    expect(await w(o, (s) => s.unconfirmed(id, 'w1', 'cut off', 10))).toBe(true);
    expect(await jobById(o, id)).toMatchObject({ state: 'unconfirmed', last_error: 'cut off', lease_owner: null });

    const other = await submit(o, printer, ['B1']);
    await claim(o, 'w1', W + 60);
    expect(await w(o, (s) => s.fail(other, 'w1', 'no such printer', 11))).toBe(true);
    expect(await jobById(o, other)).toMatchObject({ state: 'failed', finished_at: 11, last_error: 'no such printer' });

    // Canceled while printing: the label in flight counts; then the worker lets go of the job.
    const third = await submit(o, printer, ['C1', 'C2']);
    await claim(o, 'w1', W + 70);
    await w(o, (s) => s.cancel(third, 12));
    expect(await w(o, (s) => s.finish(third, 'w1', 13))).toBe(false);
    expect(await w(o, (s) => s.progress(third, 'w1', 1, W + 200, 13))).toBe(true);
    await w(o, (s) => s.letGo(third, 'w1'));
    expect(await jobById(o, third)).toMatchObject({ state: 'canceled', done: 1, lease_owner: null, finished_at: 12 });

    const fourth = await submit(o, printer, ['D1']);
    await claim(o, 'w1', W + 80);
    await w(o, (s) => s.letGo(fourth, 'w1'));
    expect((await jobById(o, fourth)).lease_owner).toBe('w1');
    expect(await w(o, (s) => s.finish(fourth, 'w1', 14))).toBe(true);
    expect(await jobById(o, fourth)).toMatchObject({ state: 'done', finished_at: 14, lease_owner: null });
  });

  it("leases: other owners, a dead owner's jobs taken up, a job in doubt left to the operator", async () => {
    const o = opened();
    const p = o.engine.stores.printing;
    const printer = await printerOf(o);
    const quiet = await submit(o, printer, ['A1']);
    const sent = await submit(o, printer, ['B1']);
    await claim(o, 'dead');
    await claim(o, 'dead');
    await w(o, (s) => s.sending(sent, 'dead'));
    expect(await p.otherOwners('me')).toEqual(['dead']);
    expect(await p.otherOwners('dead')).toEqual([]);
    expect(await w(o, (s) => s.endLease('dead'))).toBe(2);
    expect((await jobById(o, quiet)).lease_until).toBe(0);
    expect(await w(o, (s) => s.expireInDoubt(W, 20))).toBe(1);
    expect(await jobById(o, sent)).toMatchObject({
      state: 'unconfirmed',
      in_doubt: false,
      lease_owner: null,
      last_error: DOUBT_MESSAGE,
      updated_at: 20,
    });
    // The job without a label in doubt is claimed again once its lease ran out; the try counts.
    expect(await claim(o, 'me', W)).toMatchObject({ id: quiet, lease_owner: 'me', attempts: 2 });
  });

  it('release hands running jobs back: the interrupted try not counted, a label on its way unconfirmed', async () => {
    const o = opened();
    const printer = await printerOf(o);
    const quiet = await submit(o, printer, ['A1']);
    const sent = await submit(o, printer, ['B1']);
    const canceled = await submit(o, printer, ['C1']);
    for (let i = 0; i < 3; i++) await claim(o, 'w1');
    await w(o, (s) => s.sending(sent, 'w1'));
    await w(o, (s) => s.cancel(canceled, 9));
    expect(await w(o, (s) => s.release('w1', W + 5))).toBe(2);
    expect(await jobById(o, quiet)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lease_owner: null,
      next_attempt_at: W + 5,
    });
    expect(await jobById(o, sent)).toMatchObject({ state: 'unconfirmed', attempts: 1, last_error: DOUBT_MESSAGE });
    expect(await jobById(o, canceled)).toMatchObject({ state: 'canceled', lease_owner: null });
    expect(await o.engine.stores.printing.attention(o.accountId)).toEqual([expect.objectContaining({ id: sent })]);
  });

  it("the operator's answers: confirm's arithmetic, print again, retry, cancel, move", async () => {
    const o = opened();
    const p = o.engine.stores.printing;
    const printer = await printerOf(o);
    const other = await printerOf(o, 'other', {
      driver: 'zpl',
      connection: 'tcp://10.0.0.5:9100',
      settings: { dpi: 300 },
    });
    const id = await submit(o, printer, ['A1', 'A2', 'A3']);
    const unconfirmed = async (done: number) => {
      await claim(o, 'w1', W + 10);
      await w(o, (s) => s.progress(id, 'w1', done, W + 100, 8));
      await w(o, (s) => s.unconfirmed(id, 'w1', 'cut off', 9));
    };
    await unconfirmed(1);
    expect(await w(o, (s) => s.printAgain(id, 10, W + 1))).toBe(true);
    expect(await jobById(o, id)).toMatchObject({ state: 'queued', reprint: true, attempts: 0, last_error: null });
    expect(await w(o, (s) => s.printAgain(id, 10, W + 1))).toBe(false);

    await unconfirmed(1);
    expect(await w(o, (s) => s.confirm(id, 1, 11, W + 2))).toBe(true);
    expect(await jobById(o, id)).toMatchObject({ state: 'queued', done: 2, finished_at: null, next_attempt_at: W + 2 });
    expect(await w(o, (s) => s.confirm(id, 1, 11, W + 2))).toBe(false);
    await unconfirmed(2);
    expect(await w(o, (s) => s.confirm(id, 4, 12, W + 3))).toBe(true);
    expect(await jobById(o, id)).toMatchObject({ state: 'done', done: 3, finished_at: 12 });

    // Retry: from the first label not printed; canceled while a label was on its way, the operator is asked.
    const next = await submit(o, printer, ['B1', 'B2']);
    await claim(o, 'w1', W + 20);
    await w(o, (s) => s.sending(next, 'w1'));
    await w(o, (s) => s.cancel(next, 13));
    await w(o, (s) => s.requeue(next, 14, W + 30));
    expect(await jobById(o, next)).toMatchObject({
      state: 'unconfirmed',
      in_doubt: false,
      attempts: 0,
      last_error: CANCELED_IN_DOUBT_MESSAGE,
      lease_owner: null,
      finished_at: null,
    });
    await w(o, (s) => s.move(next, other, 15, W + 40));
    expect(await jobById(o, next)).toMatchObject({
      state: 'unconfirmed',
      printer: 'other',
      printer_id: other.id,
      driver: 'zpl',
      connection: 'tcp://10.0.0.5:9100',
      settings: { dpi: 300 },
      next_attempt_at: W + 40,
    });
    await w(o, (s) => s.cancel(next, 16));
    await w(o, (s) => s.move(next, printer, 17, W + 50));
    expect(await jobById(o, next)).toMatchObject({ state: 'queued', printer: 'front', finished_at: null });
    // Queued again with the question it was asked still on it: it stays in the operator's sight.
    expect((await p.attention(o.accountId)).map((j) => j.id)).toEqual([next]);
  });

  it('two workers claiming at once take different jobs, and one job once', async () => {
    const o = opened();
    const printer = await printerOf(o);
    const second = await printerOf(o, 'second', { connection: 'tcp://10.0.0.7:9100' });
    const ids = [await submit(o, printer, ['A1']), await submit(o, second, ['B1'])];
    const claims = await Promise.all(['w1', 'w2', 'w3'].map((owner) => claim(o, owner)));
    const taken = claims.filter((c) => c !== undefined);
    expect(taken.map((c) => c.id).sort()).toEqual(ids.sort());
    for (const c of taken) expect((await jobById(o, c.id)).lease_owner).toBe(c.lease_owner);
  });
});
