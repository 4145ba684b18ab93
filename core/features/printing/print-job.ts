import type { Clock } from '../../platform/clock.js';
import type { RenderLane } from '../labels/render-pool.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { learnedAck, withAckMode } from './ack-mode.js';
import { LEASE_MS } from './lease.js';
import { specOf } from './printers.js';
import { announceFinished } from './jobs.js';
import type { JobRecord, PrinterRecord, PrintingStores } from './store.js';
import { TransportError } from './transport.js';
import type { Driver, DriverName, LabelInput } from './types.js';
import { nextUnit } from './units.js';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** What printing one job needs of its worker. */
export interface JobWorker {
  db: UnitOfWork<PrintingStores>;
  clock: Clock;
  drivers: Record<DriverName, Driver>;
  /** The labels of an account, drawn in `lane` (see laneOf). */
  labelsFor(accountId: number, lane: RenderLane): LabelInput;
  retry: RetryPolicy;
  /** Wall-clock ms for timers and leases (the service clock may be frozen in tests; timers are not). */
  wallNow: () => number;
  /** This worker's name in the leases it holds. */
  owner: string;
  /** The worker runs (false once it stopped) and starts new labels (false while it drains). */
  running(): boolean;
  draining(): boolean;
  /** Tells the worker's listeners that a job changed. */
  notify(): void;
  /**
   * Resolves once no desk label (a one-label job) is being printed by this worker, or after a short while: a
   * batch's next label waits for it, so that its drawing, its commits and its bytes do not hold up the desk's.
   */
  deskFirst(): Promise<void>;
}

/**
 * A job of one label is an operator's at a desk (Control+Enter, a reprint), waiting at the screen; a batch's labels
 * are drawn behind the documents, out of its way.
 */
export const laneOf = (job: Pick<JobRecord, 'total'>): RenderLane => (job.total === 1 ? 'desk' : 'bulk');

/**
 * Prints one claimed job, unit by unit. Each unit is marked "in doubt" in the store right before its first byte
 * leaves, and counted as printed (the doubt cleared) only once the driver reports every byte accepted. A delivery
 * that fails before its first byte is retried; one that fails after it leaves the job `unconfirmed` for the
 * operator: a label whose bytes may have reached the printer is never sent again by itself.
 */
export async function printJob(w: JobWorker, job: JobRecord, printerRow: PrinterRecord, signal: AbortSignal) {
  const { db, owner, retry } = w;
  const now = () => w.clock.now().getTime();
  const driver = w.drivers[printerRow.driver];
  const configured = specOf(printerRow);
  const labels = w.labelsFor(job.account_id, laneOf(job));
  const size = driver.unitSize(job.format);
  const codes = job.codes;
  let done = job.done;
  let printer = configured;
  let onItsWay = false;
  const backoffMs = (attempts: number) =>
    Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** Math.max(0, attempts - 1));

  /** The job is still printing under our lease; one canceled meanwhile is let go (its doubt, if any, kept). */
  const ours = async (id: number): Promise<boolean> => {
    const row = await db.stores.printing.holder(id);
    if (row?.state === 'printing' && row.lease_owner === owner) return true;
    if (row?.lease_owner === owner) await db.transaction((tx) => tx.printing.letGo(id, owner));
    return false;
  };
  /** Ours, and the station neither stopping nor draining: the next label may start. */
  const stillOurs = async (id: number) => w.running() && !w.draining() && (await ours(id));

  const failed = async (e: unknown) => {
    const message = (e as Error).message || String(e);
    await db.transaction(async (tx) => {
      if (onItsWay && !(e instanceof TransportError && e.delivered === 'no')) {
        await tx.printing.unconfirmed(job.id, owner, message, now());
        if (learnedAck(configured, printer)) await tx.printing.setAnswersStatus(printerRow.id, null);
      }
      // A label that cannot be made (unknown code, canceled shipment, a bug) will not get better by waiting.
      else if (!(e instanceof TransportError) || job.attempts >= retry.maxAttempts) {
        if (await tx.printing.fail(job.id, owner, message, now())) await announceFinished(tx, job.id, now());
      } else await tx.printing.backoff(job.id, owner, message, w.wallNow() + backoffMs(job.attempts), now());
    });
    w.notify();
  };

  /** Done, and announced to the webhooks; or, canceled meanwhile, let go (its labels stay counted). */
  const end = async (tx: PrintingStores) => {
    if (await tx.printing.finish(job.id, owner, now())) await announceFinished(tx, job.id, now());
    else await tx.printing.letGo(job.id, owner);
  };

  try {
    const known = printerRow.answers_status;
    printer = await withAckMode(driver, configured, known, (answers) =>
      db.transaction((tx) => tx.printing.setAnswersStatus(printerRow.id, answers)),
    );
  } catch (e) {
    if (w.running()) await failed(e);
    return;
  }
  while (done < codes.length) {
    if (laneOf(job) === 'bulk') await w.deskFirst();
    if (!(await stillOurs(job.id))) return;
    const unit = nextUnit(done, codes.length, size, job.start);
    const chunk = codes.slice(unit.from, unit.to);
    onItsWay = false;
    try {
      const payload = await driver.prepare(labels, chunk, printer, job.format, unit.start);
      if (!(await stillOurs(job.id))) return;
      // Marked in doubt before the first byte: the driver awaits this before it writes.
      const mayWrite = async () => {
        if (!w.running() || w.draining() || !(await db.transaction((tx) => tx.printing.sending(job.id, owner))))
          throw new TransportError('no longer this worker’s to print', { delivered: 'no' });
        onItsWay = true;
      };
      await driver.deliver(printer, payload, {
        name: `job${job.id}-${done + 1}-${chunk[0]}`,
        format: job.format,
        signal,
        beforeWrite: mayWrite,
      });
    } catch (e) {
      // Stopped under us: stop() has handed the job back (unconfirmed if its label was on its way).
      if (!w.running() || !(await ours(job.id))) return;
      await failed(e);
      return;
    }
    done += chunk.length;
    const t = w.wallNow();
    // The last label's count and the job's end are one commit: one wait for the disk fewer before "printed". Another
    // label's count waits for the disk with the next label's `sending` (a power cut before it: that label is in
    // doubt, and waits for the operator).
    const last = done >= codes.length;
    await db.transaction(
      async (tx) => {
        await tx.printing.progress(job.id, owner, done, t + LEASE_MS, now());
        if (last) await end(tx);
      },
      { durable: last ? 'now' : 'with_next' },
    );
    w.notify();
    if (last) return;
  }
  // Claimed with every label already counted (its process died before it could end the job).
  await db.transaction(end);
}
