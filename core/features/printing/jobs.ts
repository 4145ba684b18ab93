import { createHash } from 'node:crypto';
import { isoOrNull, type Clock } from '../../platform/clock.js';
import { announce } from '../../platform/outbox/announce.js';
import { fieldError, invalidState, notFound } from '../../shared/errors.js';
import { startTile } from '../labels/formats.js';
import type { LabelFormat } from '../../shared/schemas/codes.js';
import { pageEnvelope, pageWindow } from '../../platform/schemas/common.js';
import type { ShipmentRecord } from '../shipments/record.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { drivers } from './drivers.js';
import { canDo, isFinalJobState, needsOperator, type JobAction, type JobState } from '../../shared/job-states.js';
import { formatsOf, printerNamed } from './printers.js';
import type { PrintJobCreateT, PrintJobMoveT, PrintJobQueryT, PrintJobT } from './schemas.js';
import type { JobRecord, PrinterRecord, PrintingStores, PrintStore } from './store.js';
import { nextUnit } from './units.js';

/** What the jobs need of the shipments they print (from the labels feature). */
export interface PrintableShipments {
  /** The shipment of the account a label can be made for (not_found in another account, invalid_state when canceled). */
  labellable(accountId: number, code: string): Promise<ShipmentRecord>;
  /** The shipments of `codes` a label can be made for, in order; with `packages`, each followed by its live packages. */
  pieces(accountId: number, codes: string[], packages: boolean): Promise<ShipmentRecord[]>;
}

/**
 * Starts drawing the label of a job of one label (a desk's) as it is queued, so that the drawing runs beside the
 * job's commit and the worker's claim: the worker's own drawing of it then joins this one (raster-memo.ts) instead
 * of starting after the claim. It fixes only what the worker's drawing would (the label's QR token, not
 * labelled_at); its failures are the worker's to report, when it draws the label itself.
 */
export type DrawAhead = (accountId: number, printer: PrinterRecord, format: LabelFormat, code: string) => void;

/** What the jobs tell the queue's worker, and hear from it. */
export interface QueueSignals {
  /** Look for work now (after a submit or a retry) instead of at the next poll. */
  wake(): void;
  /** Resolves on the next change the worker sees, or after `ms`. */
  changed(ms: number): Promise<void>;
}

export function jobView(r: JobRecord): PrintJobT {
  return {
    id: r.id,
    codes: r.codes,
    format: r.format,
    printer: r.printer,
    driver: r.driver,
    reprint: r.reprint,
    state: r.state,
    attempts: r.attempts,
    last_error: r.last_error,
    progress: { done: r.done, total: r.total },
    start: r.start,
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
    finished_at: isoOrNull(r.finished_at),
  };
}

/** A job that has just ended (done, failed or canceled) is print_job.finished, in the transaction that ended it. */
export async function announceFinished(tx: PrintingStores, id: number, at: number): Promise<void> {
  const job = (await tx.printing.jobById(id))!;
  await announce(tx, job.account_id, 'print_job.finished', () => jobView(job), at);
}

/** The print jobs of an account: submitted, listed, followed, and the operator's actions on them. */
export function createPrintJobs(
  db: UnitOfWork<PrintingStores>,
  clock: Clock,
  shipments: PrintableShipments,
  queue: QueueSignals,
  drawAhead: DrawAhead,
) {
  const now = () => clock.now().getTime();
  const store = db.stores.printing;

  async function jobOf(s: PrintStore, accountId: number, id: string): Promise<JobRecord> {
    const row = await s.job(accountId, Number(id));
    if (!row) throw notFound(`print job ${id}`);
    return row;
  }

  /** Changes a job, when `action` is one its state allows, wakes the queue, and answers the job as it now is. */
  async function change(
    accountId: number,
    id: string,
    action: JobAction,
    fn: (tx: PrintStore, job: JobRecord) => Promise<void>,
  ): Promise<PrintJobT> {
    const row = await db.transaction(async (tx) => {
      const job = await jobOf(tx.printing, accountId, id);
      if (!canDo(job.state, action))
        throw invalidState(`print job ${job.id} is ${job.state}: ${action.replace('_', ' ')} does not apply`);
      await fn(tx.printing, job);
      const after = (await tx.printing.jobById(job.id))!;
      // The operator's answer may end it (the last label confirmed printed).
      if (isFinalJobState(after.state) && !isFinalJobState(job.state)) await announceFinished(tx, job.id, now());
      return after;
    });
    queue.wake();
    return jobView(row);
  }

  /**
   * The shipments' canonical codes (with `packages`, each followed by its packages); another account's code is not
   * found, a canceled shipment has no label. A code listed twice is refused; a package also listed by itself prints
   * once, at its first place.
   */
  async function shipmentCodes(accountId: number, body: PrintJobCreateT): Promise<string[]> {
    const listed: string[] = [];
    for (const c of body.codes) listed.push((await shipments.labellable(accountId, c)).code);
    if (new Set(listed).size !== listed.length) throw fieldError('/codes', 'duplicate', 'lists a shipment twice');
    if (!body.packages) return listed;
    return [...new Set((await shipments.pieces(accountId, listed, true)).map((r) => r.code))];
  }

  /**
   * The job once it differs from what the caller shows (state or labels done), or with `outcome` once it comes to
   * something (its end, the operator's turn, a label counted, a new error: not its claim), or after `waitMs` as it is
   * then.
   */
  async function jobChange(
    accountId: number,
    id: string,
    seen: {
      state?: JobState | undefined;
      done?: number | undefined;
      attempts?: number | undefined;
      outcome?: boolean | undefined;
    },
    waitMs: number,
  ): Promise<PrintJobT> {
    const until = Date.now() + waitMs;
    let first: PrintJobT | undefined;
    for (;;) {
      const job = jobView(await jobOf(store, accountId, id));
      first ??= job;
      const differs =
        (seen.state !== undefined && job.state !== seen.state) ||
        (seen.done !== undefined && job.progress.done !== seen.done) ||
        (seen.attempts !== undefined && job.attempts !== seen.attempts) ||
        (!!seen.outcome &&
          (isFinalJobState(job.state) ||
            needsOperator(job.state) ||
            job.progress.done !== first.progress.done ||
            (job.last_error !== null && job.last_error !== first.last_error)));
      const left = until - Date.now();
      if (differs || left <= 0 || (seen.state === undefined && seen.done === undefined && !seen.outcome)) return job;
      // This worker's changes wake us at once; another process's (a CLI print) are seen within 250 ms.
      await queue.changed(Math.min(left, 250));
    }
  }

  /**
   * The jobs waiting for the operator and their version, once it differs from `seen` or after `waitMs`. The version
   * is made from the rows alone, so every station of a database says the same one for the same list.
   */
  async function attention(
    accountId: number,
    seen: string | undefined,
    waitMs: number,
  ): Promise<{ data: PrintJobT[]; version: string }> {
    const until = Date.now() + waitMs;
    for (;;) {
      const rows = await store.attention(accountId);
      const version = createHash('sha1')
        .update(rows.map((r) => `${r.id}:${r.state}:${r.done}:${r.updated_at}:${r.last_error ?? ''}`).join('|'))
        .digest('hex')
        .slice(0, 16);
      const left = until - Date.now();
      if (version !== seen || left <= 0) return { data: rows.map(jobView), version };
      // This worker's changes wake us at once; another process's or station's are seen within 250 ms.
      await queue.changed(Math.min(left, 250));
    }
  }

  /** The printer a new job goes to, its format and first tile. */
  async function printerFor(s: PrintStore, accountId: number, body: PrintJobCreateT) {
    let row: PrinterRecord | undefined;
    if (body.printer) row = await printerNamed(s, accountId, body.printer);
    else {
      row = await s.defaultPrinter(accountId, body.format ?? 'PDF_A7');
      if (!row)
        throw fieldError(
          '/printer',
          'required',
          `is required: no printer is the default for ${body.format ?? 'PDF_A7'}`,
        );
    }
    const format = body.format ?? row.default_for ?? 'PDF_A7';
    if (!formatsOf(row).includes(format))
      throw fieldError(
        '/format',
        'unsupported',
        `printer ${row.name} (${row.driver}) prints ${formatsOf(row).join(', ')} only`,
        { driver: row.driver, allowed: formatsOf(row) },
      );
    return { row, format, start: startTile(format, body.start, 'format') };
  }

  return {
    async submit(accountId: number, body: PrintJobCreateT): Promise<PrintJobT> {
      // Refused in the order a caller reads the request: the printer and format first, then the codes.
      const to = await printerFor(store, accountId, body);
      const codes = await shipmentCodes(accountId, body);
      // Before the commit below, so that the drawing overlaps it. A job refused there (already printed) has drawn
      // its label for nothing, once.
      if (codes.length === 1) drawAhead(accountId, to.row, to.format, codes[0]!);
      const job = await db.transaction(async (tx) => {
        const { row, format, start } = await printerFor(tx.printing, accountId, body);
        let todo = codes;
        if (!body.reprint) {
          const printed = await tx.printing.alreadyPrinted(accountId, format, todo);
          if (printed.length)
            throw invalidState(
              `already printed (or queued): ${printed.join(', ')}; submit with "reprint": true to print again`,
            );
        } else {
          // A reprint of a label whose job has not printed it yet joins that job: one label, not two.
          const pending = await tx.printing.pending(accountId, format, todo);
          const joined = new Set(pending.map((p) => p.code));
          todo = todo.filter((c) => !joined.has(c));
          if (!todo.length) return (await tx.printing.jobById(pending[0]!.id))!;
        }
        const id = await tx.printing.insertJob(
          accountId,
          { codes: todo, format, printer: row, reprint: !!body.reprint, start },
          now(),
          Date.now(),
        );
        return (await tx.printing.jobById(id))!;
      });
      queue.wake();
      return jobView(job);
    },

    async jobs(accountId: number, query: PrintJobQueryT) {
      const window = pageWindow(query);
      const { rows, total } = await store.jobs(accountId, query.state ?? null, window.size, window.offset);
      return pageEnvelope(rows.map(jobView), total, window);
    },

    job: async (accountId: number, id: string) => jobView(await jobOf(store, accountId, id)),

    jobChange,
    attention,

    /**
     * Failed or canceled: queue again from the first label not printed (unconfirmed if a label was on its way
     * when it stopped); queued (waiting to retry): try now.
     */
    retry: (accountId: number, id: string) =>
      change(accountId, id, 'retry', async (tx, job) => {
        if (job.printer_id === null)
          throw invalidState(`print job ${job.id}: its printer was removed; move it to another printer`);
        await tx.requeue(job.id, now(), Date.now());
      }),

    /** Stops a job; a label in flight finishes and counts. Labels already printed stay counted. */
    cancel(accountId: number, id: string): Promise<PrintJobT> {
      return db.transaction(async (tx) => {
        const job = await jobOf(tx.printing, accountId, id);
        if (job.state === 'canceled') return jobView(job);
        if (!canDo(job.state, 'cancel')) throw invalidState(`print job ${job.id} is ${job.state}`);
        await tx.printing.cancel(job.id, now());
        await announceFinished(tx, job.id, now());
        return jobView((await tx.printing.jobById(job.id))!);
      });
    },

    /** The operator's answer to an unconfirmed job: the label in doubt printed. The rest of the job resumes. */
    confirm: (accountId: number, id: string) =>
      change(accountId, id, 'confirm', async (tx, job) => {
        // The unit in doubt: with a start tile, the first sheet holds fewer labels than the next ones.
        const unit = nextUnit(job.done, job.total, drivers[job.driver].unitSize(job.format), job.start);
        await tx.confirm(job.id, unit.to - unit.from, now(), Date.now());
      }),

    /** The operator's answer to an unconfirmed job: print the label in doubt again (the job becomes a reprint). */
    printAgain: (accountId: number, id: string) =>
      change(accountId, id, 'print_again', async (tx, job) => void (await tx.printAgain(job.id, now(), Date.now()))),

    /** Sends the rest of a job to another printer of the account; a failed or canceled job is queued again there. */
    async move(accountId: number, id: string, body: PrintJobMoveT): Promise<PrintJobT> {
      // A printer that does not exist is not found whatever the job's state.
      await printerNamed(store, accountId, body.printer);
      return change(accountId, id, 'move', async (tx, job) => {
        // Before its first byte an attempt can be taken away: its worker no longer holds the lease, so it writes
        // nothing (print-job.ts, mayWrite). After it, the label may be coming out of the first printer.
        if (job.state === 'printing' && job.in_doubt)
          throw invalidState(
            `print job ${job.id}: a label is on its way to ${job.printer}; move the job once that printer has answered`,
          );
        const target = await printerNamed(tx, accountId, body.printer);
        if (!formatsOf(target).includes(job.format))
          throw fieldError(
            '/printer',
            'unsupported',
            `printer ${target.name} (${target.driver}) prints ${formatsOf(target).join(', ')} only, not ${job.format}`,
            { driver: target.driver, allowed: formatsOf(target) },
          );
        await tx.move(job.id, target, now(), Date.now());
      });
    },

    /** Waits until the job is done, failed or canceled, or waits for the operator; reports each change of progress. */
    async waitForJob(accountId: number, id: number, onProgress?: (job: PrintJobT) => void): Promise<PrintJobT> {
      let job = jobView(await jobOf(store, accountId, String(id)));
      onProgress?.(job);
      for (;;) {
        if (isFinalJobState(job.state) || needsOperator(job.state)) return job;
        const done = job.progress.done;
        job = await jobChange(accountId, String(id), { state: job.state, done }, 60_000);
        if (job.progress.done !== done) onProgress?.(job);
      }
    },
  };
}

export type PrintJobs = ReturnType<typeof createPrintJobs>;
