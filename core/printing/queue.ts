import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../clock.js';
import { inTransaction, type Db } from '../store/db.js';
import { isStorageFull } from '../store/errors.js';
import { learnedAck, withAckMode } from './ack-mode.js';
import type { JobRow, PrinterRow, PrintStore } from './store.js';
import { nextUnit } from './units.js';
import { TransportError } from './transport.js';
import type { Driver, DriverName, LabelInput, PrinterSpec } from './types.js';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 20, baseDelayMs: 500, maxDelayMs: 60_000 };

export interface QueueDeps {
  db: Db;
  clock: Clock;
  store: PrintStore;
  drivers: Record<DriverName, Driver>;
  labelsFor(accountId: number): LabelInput;
  retry: RetryPolicy;
  /** Wall-clock ms for timers and leases (the service clock may be frozen in tests; timers are not). */
  wallNow?: () => number;
}

/** How long a claimed job stays ours without news; a job of a process that died is picked up after it. */
const LEASE_MS = 15_000;
/** Jobs added by another process on the same data (or whose lease ran out) are noticed within this. */
const POLL_MS = 1000;
/** A clean shutdown waits this long at most for the labels in flight. */
const DRAIN_MS = 10_000;

export const specOf = (r: PrinterRow): PrinterSpec => ({
  name: r.name,
  driver: r.driver,
  connection: r.connection,
  settings: JSON.parse(r.settings) as PrinterSpec['settings'],
  folderReal: r.folder_real,
});

/**
 * A lease names its worker's host and process. A worker of this host whose process is gone has crashed: its jobs
 * are taken up at once instead of when the lease runs out (a worker elsewhere, or a recycled pid, just waits).
 */
const HOST = hostname();
const ownerName = () => `${HOST}:${process.pid}:${randomUUID().slice(0, 8)}`;
function deadOnThisHost(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== HOST || !/^\d+$/.test(pid ?? '')) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The print queue's worker. Jobs are claimed in the store under a lease, one job at a time per printer
 * connection. Each unit of labels is marked "in doubt" in the store right before its first byte leaves, and
 * counted as printed (the doubt cleared) only once the driver reports every byte accepted. A delivery that fails
 * before its first byte is retried; one that fails after it, or a worker that dies meanwhile, leaves the job
 * `unconfirmed` for the operator: a label whose bytes may have reached the printer is never sent again by itself.
 */
export function createPrintQueue(deps: QueueDeps) {
  const { db, store, drivers, retry } = deps;
  const wallNow = deps.wallNow ?? Date.now;
  const owner = ownerName();
  const busy = new Map<string, AbortController>();
  const listeners = new Set<() => void>();
  let running = false;
  /** A clean shutdown: no new label starts; the ones in flight finish. */
  let draining = false;
  /** Set by `start({ only })`: this worker runs that one job and nothing else (the CLI's `station print`). */
  let only: number | null = null;
  let timer: NodeJS.Timeout | null = null;

  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const now = () => deps.clock.now().getTime();

  function backoffMs(attempts: number): number {
    return Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  }

  function pump(): void {
    if (!running || draining) return;
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      claimDue();
    } catch (e) {
      // A full disk: the jobs wait in the queue, as they are, until a poll finds room to claim them.
      if (!isStorageFull(e)) throw e;
    }
    const due = store.nextDue([...busy.keys()]);
    const delay = due === null ? POLL_MS : Math.min(POLL_MS, Math.max(10, due - wallNow()));
    timer = setTimeout(pump, delay);
    timer.unref?.();
  }

  /** Takes up the jobs of dead workers of this host, then claims and starts every job that is due. */
  function claimDue(): void {
    for (const other of store.otherOwners(owner))
      if (deadOnThisHost(other)) inTransaction(db, () => store.endLease(other));
    for (;;) {
      const t = wallNow();
      const job = inTransaction(db, () => {
        if (store.expireInDoubt(t, now())) queueMicrotask(notify);
        return only !== null && busy.size
          ? undefined
          : store.claim(owner, t, t + LEASE_MS, [...busy.keys()], now(), only);
      });
      if (!job) break;
      void run(job);
    }
  }

  async function run(job: JobRow): Promise<void> {
    // Claimed through its printer, which cannot be removed while it holds jobs.
    const row = store.printerById(job.printer_id!)!;
    const ac = new AbortController();
    busy.set(row.connection, ac);
    // A slow delivery (a printer taking its time to connect or read) must not look like a dead process.
    const heartbeat = setInterval(() => {
      try {
        if (running) store.renew(job.id, owner, wallNow() + LEASE_MS);
      } catch (e) {
        // A full disk: the lease is renewed at the next beat, and this process stays the one printing the job.
        if (!isStorageFull(e)) throw e;
      }
    }, LEASE_MS / 3);
    heartbeat.unref?.();
    notify();
    try {
      await print(job, row, ac.signal);
    } catch (e) {
      // The store failed under us (e.g. a lock held too long): the job keeps its state and is taken up again
      // when its lease runs out. The service must not crash over it.
      if (running) console.error(`print queue: job ${job.id}: ${(e as Error).message}`);
    } finally {
      clearInterval(heartbeat);
      busy.delete(row.connection);
      if (running) {
        notify();
        pump();
      }
    }
  }

  /** The job is still printing under our lease; one canceled meanwhile is let go (its doubt, if any, kept). */
  function ours(id: number): boolean {
    const row = store.jobById(id);
    if (row?.state === 'printing' && row.lease_owner === owner) return true;
    if (row?.lease_owner === owner) store.letGo(id, owner);
    return false;
  }
  /** Ours, and the station neither stopping nor draining: the next label may start. */
  const stillOurs = (id: number) => running && !draining && ours(id);

  async function print(job: JobRow, printerRow: PrinterRow, signal: AbortSignal): Promise<void> {
    const driver = drivers[printerRow.driver];
    const configured = specOf(printerRow);
    const known = printerRow.answers_status === null ? null : printerRow.answers_status === 1;
    const codes = JSON.parse(job.codes) as string[];
    const labels = deps.labelsFor(job.account_id);
    const size = driver.unitSize(job.format);
    let done = job.done;
    let printer = configured;
    let onItsWay = false;
    const failed = (e: unknown) => {
      const message = (e as Error).message || String(e);
      inTransaction(db, () => {
        if (onItsWay && !(e instanceof TransportError && e.delivered === 'no')) {
          store.unconfirmed(job.id, owner, message, now());
          if (learnedAck(configured, printer)) store.setAnswersStatus(printerRow.id, null);
        }
        // A label that cannot be made (unknown code, canceled shipment, a bug) will not get better by waiting.
        else if (!(e instanceof TransportError) || job.attempts >= retry.maxAttempts)
          store.fail(job.id, owner, message, now());
        else store.backoff(job.id, owner, message, wallNow() + backoffMs(job.attempts), now());
      });
      notify();
    };
    try {
      printer = await withAckMode(driver, configured, known, (answers) =>
        store.setAnswersStatus(printerRow.id, answers),
      );
    } catch (e) {
      if (running) failed(e);
      return;
    }
    while (done < codes.length) {
      if (!stillOurs(job.id)) return;
      const unit = nextUnit(done, codes.length, size, job.start);
      const chunk = codes.slice(unit.from, unit.to);
      onItsWay = false;
      try {
        const payload = await driver.prepare(labels, chunk, printer, job.format, unit.start);
        if (!stillOurs(job.id)) return;
        await driver.deliver(printer, payload, {
          name: `job${job.id}-${done + 1}-${chunk[0]}`,
          format: job.format,
          signal,
          beforeWrite() {
            if (!running || draining || !inTransaction(db, () => store.sending(job.id, owner)))
              throw new TransportError('no longer this worker’s to print', { delivered: 'no' });
            onItsWay = true;
          },
        });
      } catch (e) {
        // Stopped under us: stop() has handed the job back (unconfirmed if its label was on its way).
        if (!running || !ours(job.id)) return;
        failed(e);
        return;
      }
      done += chunk.length;
      const t = wallNow();
      inTransaction(db, () => store.progress(job.id, owner, done, t + LEASE_MS, now()));
      notify();
    }
    inTransaction(db, () => store.finish(job.id, owner, now()) || store.letGo(job.id, owner));
  }

  function stop(): void {
    if (!running) return;
    running = false;
    draining = false;
    if (timer) clearTimeout(timer);
    timer = null;
    for (const ac of busy.values()) ac.abort();
    inTransaction(db, () => store.release(owner, wallNow()));
    notify();
    listeners.clear();
  }

  return {
    owner,
    /** Starts the worker; `only` limits it to one job. Jobs left `printing` by a dead process are taken up. */
    start(opts: { only?: number } = {}): void {
      only = opts.only ?? null;
      running = true;
      draining = false;
      pump();
    },
    /** Looks for work now (after a submit or a retry) instead of at the next poll. */
    wake(): void {
      if (running) queueMicrotask(pump);
    },
    /**
     * Stops at once (the core closes synchronously): deliveries in flight are aborted; their jobs go back to the
     * queue, or wait unconfirmed for the operator when a label's bytes had started to leave.
     */
    stop,
    /**
     * A clean shutdown: starts no new label, lets the ones in flight finish (each acknowledged and counted), then
     * stops. After `ms` whatever is still in flight is aborted as by `stop()`.
     */
    async drain(ms = DRAIN_MS): Promise<void> {
      if (!running) return;
      draining = true;
      if (timer) clearTimeout(timer);
      const deadline = wallNow() + ms;
      while (busy.size && wallNow() < deadline) await new Promise((r) => setTimeout(r, 20));
      stop();
    },
    /** Resolves on the next change this worker sees, or after `ms` (another process may be printing the job). */
    changed(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const t = setTimeout(done, ms);
        function done() {
          clearTimeout(t);
          listeners.delete(done);
          resolve();
        }
        listeners.add(done);
      });
    },
  };
}

export type PrintQueue = ReturnType<typeof createPrintQueue>;

/** `STATION_PRINT_MAX_ATTEMPTS` and `STATION_PRINT_RETRY_MS` (first delay, doubled per attempt) override the defaults. */
export function retryPolicyFromEnv(env: Record<string, string | undefined>): RetryPolicy {
  const int = (v: string | undefined, fallback: number, min: number) => {
    const n = Number(v);
    return v !== undefined && Number.isInteger(n) && n >= min ? n : fallback;
  };
  return {
    maxAttempts: int(env.STATION_PRINT_MAX_ATTEMPTS, DEFAULT_RETRY.maxAttempts, 1),
    baseDelayMs: int(env.STATION_PRINT_RETRY_MS, DEFAULT_RETRY.baseDelayMs, 1),
    maxDelayMs: DEFAULT_RETRY.maxDelayMs,
  };
}
