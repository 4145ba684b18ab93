import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import { inTransaction, type Db } from '../store/db.js';
import type { JobRow, PrintStore } from './store.js';
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

/** How long a claimed job stays ours without news; a crashed process's jobs are picked up after it. */
const LEASE_MS = 15_000;
/** Jobs added by another process on the same data (or whose lease ran out) are noticed within this. */
const POLL_MS = 1000;

export const FINAL_STATES = new Set(['done', 'failed', 'canceled']);

export function printerOfJob(job: JobRow): PrinterSpec {
  return { name: job.printer, driver: job.driver, connection: job.connection, settings: JSON.parse(job.settings) };
}

/**
 * The print queue's worker. Jobs are claimed in the store under a lease, one job at a time per printer
 * connection; each unit of labels counts as printed only once the driver reports every byte accepted, and
 * that count is stored before the next unit starts, so a retry or a restart resumes at the first label the
 * printer did not take: a label is never sent again once accepted.
 */
export function createPrintQueue(deps: QueueDeps) {
  const { db, store, drivers, retry } = deps;
  const wallNow = deps.wallNow ?? Date.now;
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const busy = new Map<string, AbortController>();
  const listeners = new Set<() => void>();
  let running = false;
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
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = null;
    for (;;) {
      const t = wallNow();
      const job = inTransaction(db, () =>
        only === null
          ? store.claim(owner, t, t + LEASE_MS, [...busy.keys()], now())
          : busy.size
            ? undefined
            : store.claimOne(only, owner, t, t + LEASE_MS, now()),
      );
      if (!job) break;
      void run(job);
    }
    const due = store.nextDue([...busy.keys()]);
    const delay = due === null ? POLL_MS : Math.min(POLL_MS, Math.max(10, due - wallNow()));
    timer = setTimeout(pump, delay);
    timer.unref?.();
  }

  async function run(job: JobRow): Promise<void> {
    const ac = new AbortController();
    busy.set(job.connection, ac);
    // A slow delivery (a printer taking its time to connect or read) must not look like a dead process.
    const heartbeat = setInterval(() => running && store.renew(job.id, owner, wallNow() + LEASE_MS), LEASE_MS / 3);
    heartbeat.unref?.();
    notify();
    try {
      await print(job, ac.signal);
    } catch (e) {
      // The store failed under us (e.g. a lock held too long): the job keeps its state and is taken up again
      // when its lease runs out. The service must not crash over it.
      if (running) console.error(`print queue: job ${job.id}: ${(e as Error).message}`);
    } finally {
      clearInterval(heartbeat);
      busy.delete(job.connection);
      if (running) {
        notify();
        pump();
      }
    }
  }

  /** Still ours to print: not canceled, not released, and the station not shutting down. */
  function stillOurs(id: number): boolean {
    if (!running) return false;
    const row = store.jobById(id);
    return !!row && row.state === 'printing' && row.lease_owner === owner;
  }

  async function print(job: JobRow, signal: AbortSignal): Promise<void> {
    const driver = drivers[job.driver];
    const printer = printerOfJob(job);
    const codes = JSON.parse(job.codes) as string[];
    const labels = deps.labelsFor(job.account_id);
    const size = driver.unitSize(job.format);
    let done = job.done;
    while (done < codes.length) {
      if (!stillOurs(job.id)) return;
      const chunk = codes.slice(done, done + size);
      try {
        const payload = await driver.prepare(labels, chunk, printer, job.format);
        if (!stillOurs(job.id)) return;
        await driver.deliver(printer, payload, { name: `job${job.id}-${done + 1}-${chunk[0]}`, format: job.format, signal });
      } catch (e) {
        if (!running) return;
        const message = (e as Error).message || String(e);
        inTransaction(db, () => {
          // A label that cannot be made (unknown code, canceled shipment, a bug) will not get better by waiting.
          if (!(e instanceof TransportError) || job.attempts >= retry.maxAttempts) store.fail(job.id, owner, message, now());
          else store.backoff(job.id, owner, message, wallNow() + backoffMs(job.attempts), now());
        });
        notify();
        return;
      }
      if (!running) return;
      done += chunk.length;
      const t = wallNow();
      inTransaction(db, () => store.progress(job.id, owner, done, t + LEASE_MS, now()));
      notify();
    }
    inTransaction(db, () => store.finish(job.id, owner, now()));
  }

  return {
    owner,
    /** Starts the worker; `only` limits it to one job. Jobs left `printing` by a dead process resume once their lease ends. */
    start(opts: { only?: number } = {}): void {
      only = opts.only ?? null;
      running = true;
      pump();
    },
    /** Looks for work now (after a submit or a retry) instead of at the next poll. */
    wake(): void {
      if (running) queueMicrotask(pump);
    },
    /**
     * Stops at once (the core closes synchronously): deliveries in flight are aborted and their jobs handed
     * back to the queue, to resume at their first unacknowledged label on the next start.
     */
    stop(): void {
      if (!running) return;
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const ac of busy.values()) ac.abort();
      inTransaction(db, () => store.release(owner, wallNow()));
      notify();
      listeners.clear();
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
